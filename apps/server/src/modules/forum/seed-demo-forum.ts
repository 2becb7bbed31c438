import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { forumLikes, forumMentions, forumPosts, forumThreads, forumThreadViews } from './forum.tables.ts';

/**
 * The demo's staff forum: a pinned thread of house rules, a question about a learner's follow-up
 * with replies and an @mention, and an exchange on a formation's content, with likes and readers.
 * Run once, as the owner.
 */
export async function seedDemoForum(
  deps: { database: Database },
  input: {
    organizationId: string;
    /** The two trainers who write, and the admin who reads and likes. */
    trainerId: string;
    /** Named with @ by the colleague, as the web writes a mention. */
    trainerName: string;
    colleagueId: string;
    adminId: string;
    now: Date;
  },
) {
  const { db } = deps.database;
  const { organizationId, trainerId, colleagueId, adminId, now } = input;
  const [existing] = await db
    .select({ total: count() })
    .from(forumThreads)
    .where(eq(forumThreads.organizationId, organizationId));
  if ((existing?.total ?? 0) > 0) return;
  const hour = 3_600_000;
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * hour);
  await db.transaction(async (tx) => {
    const [rules, followUp, content] = await tx
      .insert(forumThreads)
      .values([
        {
          organizationId,
          authorId: trainerId,
          title: 'Bienvenue sur le forum de l’équipe : mode d’emploi',
          body:
            'Ce forum sert à échanger entre formateurs : questions pédagogiques, suivi des apprenants, astuces sur les outils.\n' +
            'Merci de choisir un titre explicite et de répondre dans le fil existant plutôt que d’en ouvrir un nouveau.\n' +
            'Les questions des apprenants se traitent dans l’onglet « Questions des apprenants ».',
          pinned: true,
          viewsCount: 3,
          createdAt: at(24 * 20),
          lastActivityAt: at(24 * 19),
        },
        {
          organizationId,
          authorId: colleagueId,
          title: 'Chloé n’avance plus sur la formation Excel',
          body:
            'Chloé Petit ne s’est pas connectée depuis deux semaines et n’a terminé aucune leçon.\n' +
            'Quelqu’un l’a-t-il eue au téléphone ? Je propose de lui envoyer un rappel et un créneau de coaching.',
          viewsCount: 2,
          createdAt: at(30),
          lastActivityAt: at(4),
        },
        {
          organizationId,
          authorId: trainerId,
          title: 'Module « Formules » : ajouter un exercice sur RECHERCHEX ?',
          body:
            'Plusieurs apprenants demandent RECHERCHEX au lieu de RECHERCHEV. Je pense ajouter un exercice court à la fin du module.\n' +
            'Vos avis avant que je le mette en ligne ?',
          viewsCount: 2,
          createdAt: at(72),
          lastActivityAt: at(50),
        },
      ])
      .returning({ id: forumThreads.id });
    const [welcomeThanks, followUpReply, mentionReply, contentReply] = await tx
      .insert(forumPosts)
      .values([
        {
          organizationId,
          threadId: rules!.id,
          authorId: colleagueId,
          body: 'Merci Julien, c’est clair. J’ajouterai les comptes rendus de sessions de groupe ici.',
          createdAt: at(24 * 19),
        },
        {
          organizationId,
          threadId: followUp!.id,
          authorId: trainerId,
          body:
            'Je l’ai appelée hier : elle a changé de poste et manque de temps le soir.\n' +
            'Elle préfère des séances courtes le midi, je lui propose un créneau jeudi.',
          createdAt: at(6),
        },
        {
          organizationId,
          threadId: followUp!.id,
          authorId: colleagueId,
          body: `Parfait, merci @${input.trainerName} ! Je lui envoie le rappel avec le lien de la session.`,
          createdAt: at(4),
        },
        {
          organizationId,
          threadId: content!.id,
          authorId: colleagueId,
          body: 'Bonne idée. Pense à garder RECHERCHEV en parallèle : beaucoup d’entreprises ont encore Excel 2016.',
          createdAt: at(50),
        },
      ])
      .returning({ id: forumPosts.id });
    await tx.insert(forumMentions).values({
      organizationId,
      threadId: followUp!.id,
      postId: mentionReply!.id,
      userId: trainerId,
    });
    await tx.insert(forumLikes).values([
      { organizationId, userId: colleagueId, threadId: rules!.id },
      { organizationId, userId: adminId, threadId: rules!.id },
      { organizationId, userId: trainerId, threadId: followUp!.id },
      { organizationId, userId: adminId, postId: followUpReply!.id },
      { organizationId, userId: colleagueId, postId: followUpReply!.id },
      { organizationId, userId: trainerId, postId: welcomeThanks!.id },
      { organizationId, userId: trainerId, postId: contentReply!.id },
    ]);
    await tx.insert(forumThreadViews).values([
      { organizationId, threadId: rules!.id, userId: trainerId },
      { organizationId, threadId: rules!.id, userId: colleagueId },
      { organizationId, threadId: rules!.id, userId: adminId },
      { organizationId, threadId: followUp!.id, userId: colleagueId },
      { organizationId, threadId: followUp!.id, userId: trainerId },
      { organizationId, threadId: content!.id, userId: trainerId },
      { organizationId, threadId: content!.id, userId: colleagueId },
    ]);
  });
}
