import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { demoTime } from '../../lib/demo-time.ts';
import { complaints, improvementActions, watchEntries } from './registers.tables.ts';
import { parisToday, rowsOf } from './registers-sql.ts';

const DAY_MS = 86_400_000;

/**
 * The demo organisation's registers, as its staff kept them over the last months: a complaint
 * answered within two days and closed, another answered, a difficulty still open (from Léa's
 * question), improvement actions (one done, one overdue, one planned), watch entries for indicators
 * 23 to 25, and two platform actions of Claire's. Written as the owner: the days are in the past.
 */
export async function seedDemoRegisters(
  deps: { database: Database },
  input: {
    organizationId: string;
    trainerId: string;
    colleagueId: string;
    adminId: string;
    students: { lea: string; hugo: string; chloe: string };
    now: Date;
  },
) {
  const db = deps.database.db;
  const { organizationId, trainerId, colleagueId, adminId, students, now } = input;
  // Paris days, as the register counts them: a UTC day would be yesterday's late in the evening.
  const day = (daysAgo: number) => parisToday(new Date(now.getTime() - daysAgo * DAY_MS));
  // Written during office hours (UTC), whatever the seed's own time of day.
  const at = (daysAgo: number, hour = 9, minute = 30) => demoTime(now, -daysAgo, hour, minute);
  const [question] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from student_questions
      where organization_id = ${organizationId} and subject = 'Accès au module 2' limit 1`),
  );

  const [lateConvocation] = await db
    .insert(complaints)
    .values([
      {
        organizationId,
        kind: 'complaint',
        source: 'email',
        studentId: students.hugo,
        receivedOn: day(40),
        subject: 'Convocation reçue la veille de la session',
        description:
          'Hugo a reçu sa convocation la veille de la première journée et n’a pas pu s’organiser avec son employeur.',
        status: 'closed',
        answer:
          'Nous nous excusons : la convocation est partie en retard. Vous êtes inscrit sur la session suivante, et les convocations partent désormais dix jours avant.',
        answeredOn: day(38),
        closedOn: day(35),
        handlerId: trainerId,
        createdBy: trainerId,
        createdAt: at(40),
        updatedAt: at(35),
      },
      {
        organizationId,
        kind: 'difficulty',
        source: question ? 'question' : 'typed_in',
        studentId: students.lea,
        questionId: question?.id ?? null,
        receivedOn: day(3),
        subject: 'Accès au module 2 impossible',
        description:
          'Léa n’arrive pas à ouvrir le module 2 depuis son ordinateur professionnel (réseau filtré).',
        status: 'in_progress',
        handlerId: trainerId,
        createdBy: trainerId,
        // Logged from Léa's question, asked that morning (questions' seed).
        createdAt: at(3, 10, 5),
        updatedAt: at(2),
      },
      {
        organizationId,
        kind: 'complaint',
        source: 'phone',
        studentId: students.chloe,
        receivedOn: day(12),
        subject: 'Salle de formation bruyante',
        description: 'Travaux dans le bâtiment pendant la session présentielle du mardi.',
        status: 'answered',
        answer: 'Les prochaines sessions auront lieu dans la salle du 2e étage, à l’écart des travaux.',
        answeredOn: day(11),
        handlerId: colleagueId,
        createdBy: colleagueId,
        createdAt: at(12),
        updatedAt: at(11),
      },
    ])
    .returning({ id: complaints.id });

  const [, , accessibility] = await db
    .insert(improvementActions)
    .values([
      {
        organizationId,
        origin: 'complaint',
        complaintId: lateConvocation!.id,
        title: 'Envoyer les convocations dix jours avant chaque session',
        description:
          'Programmer l’envoi des convocations à J-10 et vérifier chaque lundi les sessions à venir.',
        ownerId: trainerId,
        dueOn: day(25),
        status: 'done',
        closureNote:
          'Envoi programmé à J-10 depuis la planification ; contrôle hebdomadaire ajouté à la réunion du lundi.',
        closedOn: day(30),
        createdBy: trainerId,
        createdAt: at(38),
        updatedAt: at(30),
      },
      {
        organizationId,
        origin: 'satisfaction_survey',
        title: 'Ajouter des exercices corrigés au module Excel',
        description: 'Les questionnaires à chaud demandent plus de pratique guidée sur les tableaux croisés.',
        ownerId: colleagueId,
        dueOn: day(5),
        status: 'in_progress',
        createdBy: trainerId,
        createdAt: at(20),
        updatedAt: at(10),
      },
      {
        organizationId,
        origin: 'watch',
        title: 'Mettre à jour le livret d’accueil (accessibilité)',
        description: 'Préciser le contact du référent handicap et les aménagements possibles.',
        ownerId: trainerId,
        dueOn: day(-30),
        status: 'planned',
        createdBy: trainerId,
        createdAt: at(15),
        updatedAt: at(15),
      },
      {
        organizationId: null,
        origin: 'audit',
        title: 'Publier la déclaration d’accessibilité de la plateforme',
        description: 'Audit RGAA des parcours apprenant et formateur, puis publication de la déclaration.',
        ownerId: adminId,
        dueOn: day(-45),
        status: 'planned',
        createdBy: adminId,
        createdAt: at(9),
        updatedAt: at(9),
      },
      {
        organizationId: null,
        origin: 'learner_feedback',
        title: 'Répondre aux demandes d’assistance sous 48 heures',
        description: 'Des apprenants signalent des réponses tardives du support de la plateforme.',
        ownerId: adminId,
        dueOn: day(20),
        status: 'done',
        closureNote:
          'File d’assistance partagée et astreinte quotidienne en place ; délai suivi chaque semaine.',
        closedOn: day(22),
        createdBy: adminId,
        createdAt: at(50),
        updatedAt: at(22),
      },
    ])
    .returning({ id: improvementActions.id });

  await db.insert(watchEntries).values([
    {
      organizationId,
      indicator: 23,
      observedOn: day(60),
      source: 'France compétences',
      summary: 'Mise à jour du guide de lecture du référentiel national qualité.',
      impact: 'Relire nos preuves des indicateurs 26 et 32 avant l’audit de surveillance.',
      createdBy: trainerId,
      createdAt: at(60),
      updatedAt: at(60),
    },
    {
      organizationId,
      indicator: 23,
      observedOn: day(16),
      source: 'Agefiph',
      summary: 'Nouveau guide sur l’accueil des personnes en situation de handicap en formation.',
      impact: 'Compléter le livret d’accueil et la fiche du référent handicap.',
      improvementId: accessibility!.id,
      createdBy: trainerId,
      createdAt: at(16),
      updatedAt: at(16),
    },
    {
      organizationId,
      indicator: 24,
      observedOn: day(30),
      source: 'Observatoire de branche (OPCO)',
      summary: 'Forte demande des entreprises en compétences d’analyse de données sous Excel.',
      impact: 'Proposer un module avancé sur les tableaux croisés dynamiques.',
      createdBy: colleagueId,
      createdAt: at(30),
      updatedAt: at(30),
    },
    {
      organizationId,
      indicator: 25,
      observedOn: day(21),
      source: 'Salon Learning Technologies',
      summary: 'Retours d’expérience sur les séquences courtes consultables sur mobile.',
      impact: 'Découper les vidéos longues en séquences de cinq minutes.',
      createdBy: colleagueId,
      createdAt: at(21),
      updatedAt: at(21),
    },
  ]);
}
