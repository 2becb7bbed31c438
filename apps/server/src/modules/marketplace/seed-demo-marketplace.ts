import type { MarketplaceCategory, MarketplaceLevel, SessionUser } from '@cursus/contracts';
import { count, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { MarketplaceService } from './marketplace.service.ts';
import { type FormationSnapshot, marketplaceListings } from './marketplace.tables.ts';

type TemplateModule = { title: string; lessons: { title: string; minutes: number; html: string }[] };

interface PlatformTemplate {
  title: string;
  summary: string;
  category: MarketplaceCategory;
  level: MarketplaceLevel;
  durationMinutes: number;
  sheet: Omit<FormationSnapshot, 'modules' | 'files'>;
  modules: TemplateModule[];
}

const emptySheet = {
  teachingMethods: '',
  assessmentMethods: '',
  accessibility:
    'Formation accessible aux personnes en situation de handicap : contactez le référent handicap de votre organisme.',
};

/** The platform's templates: what a new organisation finds in the catalogue on its first visit. */
const PLATFORM_TEMPLATES: PlatformTemplate[] = [
  {
    title: 'Sauveteur Secouriste du Travail – recyclage',
    summary:
      "Maintien et actualisation des compétences du SST : protéger, examiner, alerter et secourir, selon le référentiel de l'INRS.",
    category: 'safety',
    level: 'intermediate',
    durationMinutes: 7 * 60,
    sheet: {
      ...emptySheet,
      category: 'Santé et sécurité au travail',
      description: 'Recyclage obligatoire du certificat SST, tous les 24 mois.',
      objectives:
        "Réactualiser les gestes de secours.\nIntégrer les évolutions du référentiel INRS.\nContribuer à la prévention des risques dans l'entreprise.",
      prerequisites: 'Être titulaire du certificat SST.',
      audience: 'Sauveteurs secouristes du travail dont le certificat arrive à échéance.',
      durationHours: 7,
      modality: 'in_person',
      teachingMethods: 'Mises en situation, démonstrations pratiques, retours d’expérience.',
      assessmentMethods: 'Évaluation certificative selon la grille INRS.',
    },
    modules: [
      {
        title: 'Le rôle du SST',
        lessons: [
          {
            title: 'Cadre juridique et missions',
            minutes: 20,
            html: "<h2>Le SST dans l'entreprise</h2><p>Le sauveteur secouriste du travail porte secours à toute victime d'un accident ou d'un malaise sur son lieu de travail, et contribue à la <strong>prévention des risques professionnels</strong>.</p><ul><li>Code du travail, article R.4224-15.</li><li>Certificat valable 24 mois, maintenu par un recyclage.</li></ul>",
          },
          {
            title: 'Les évolutions du référentiel',
            minutes: 15,
            html: "<h2>Ce qui a changé</h2><p>Le référentiel de l'INRS évolue : revoyez la conduite à tenir face à une hémorragie, l'utilisation du défibrillateur et l'alerte des secours.</p>",
          },
        ],
      },
      {
        title: 'Protéger, examiner, alerter',
        lessons: [
          {
            title: 'Protéger et examiner la victime',
            minutes: 25,
            html: '<h2>Supprimer le danger</h2><p>Avant tout geste, identifiez les dangers persistants et protégez la victime, les témoins et vous-même.</p><h3>Examiner</h3><ol><li>La victime saigne-t-elle abondamment ?</li><li>S’étouffe-t-elle ?</li><li>Répond-elle ? Respire-t-elle ?</li></ol>',
          },
          {
            title: 'Alerter les secours',
            minutes: 15,
            html: "<h2>Le message d'alerte</h2><p>Composez le <strong>15</strong>, le <strong>18</strong> ou le <strong>112</strong>. Donnez le lieu précis, la nature de l'accident, le nombre de victimes et leur état, puis les gestes effectués. Ne raccrochez que lorsque l'opérateur vous le dit.</p>",
          },
        ],
      },
      {
        title: 'Secourir',
        lessons: [
          {
            title: 'La réanimation cardio-pulmonaire et le défibrillateur',
            minutes: 40,
            html: '<h2>RCP</h2><p>Une victime qui ne répond pas et ne respire pas : alertez, commencez les compressions thoraciques (100 à 120 par minute) et mettez en œuvre le défibrillateur dès qu’il arrive.</p>',
          },
          {
            title: 'Hémorragies et malaises',
            minutes: 30,
            html: '<h2>Arrêter un saignement</h2><p>Comprimez directement la plaie. Si la compression est inefficace ou impossible, posez un garrot.</p><h3>Le malaise</h3><p>Mettez la victime au repos, questionnez-la et transmettez ces éléments au médecin régulateur.</p>',
          },
        ],
      },
    ],
  },
  {
    title: 'Bureautique : Excel initiation',
    summary:
      'Les bases d’Excel pour saisir, calculer et présenter des données : classeurs, formules simples, mise en forme et graphiques.',
    category: 'office',
    level: 'beginner',
    durationMinutes: 14 * 60,
    sheet: {
      ...emptySheet,
      category: 'Bureautique',
      description: 'Prendre en main Excel pour produire des tableaux fiables.',
      objectives: 'Créer un classeur.\nÉcrire des formules simples.\nPrésenter ses données en graphique.',
      prerequisites: 'Savoir utiliser un ordinateur.',
      audience: 'Toute personne débutant sur Excel.',
      durationHours: 14,
      modality: 'blended',
      teachingMethods: 'Démonstrations et exercices sur des cas concrets.',
      assessmentMethods: 'Quiz de fin de module et exercice de synthèse.',
    },
    modules: [
      {
        title: 'Découvrir Excel',
        lessons: [
          {
            title: 'Classeurs, feuilles et cellules',
            minutes: 15,
            html: '<h2>Le vocabulaire</h2><p>Un <strong>classeur</strong> contient des <strong>feuilles</strong> ; chaque feuille est une grille de cellules repérées par une colonne et une ligne (A1, B2…).</p>',
          },
          {
            title: 'Saisir des données',
            minutes: 20,
            html: '<h2>Une information par cellule</h2><p>Une ligne par enregistrement, un titre par colonne : c’est ce qui rend un tableau exploitable par les filtres et les formules.</p>',
          },
        ],
      },
      {
        title: 'Calculer',
        lessons: [
          {
            title: 'Les formules',
            minutes: 25,
            html: '<h2>Commencer par =</h2><p><code>=B2*C2</code> multiplie deux cellules. Recopiez la formule vers le bas : les références relatives se décalent.</p>',
          },
          {
            title: 'SOMME et MOYENNE',
            minutes: 20,
            html: '<h2>Deux fonctions essentielles</h2><ul><li><code>=SOMME(B2:B20)</code></li><li><code>=MOYENNE(B2:B20)</code></li></ul>',
          },
        ],
      },
      {
        title: 'Présenter',
        lessons: [
          {
            title: 'Mettre en forme un tableau',
            minutes: 15,
            html: '<h2>Lisible avant tout</h2><p>Formats de nombre, alignements et styles de cellule : appliquez-les à des plages entières plutôt que cellule par cellule.</p>',
          },
          {
            title: 'Créer un graphique',
            minutes: 20,
            html: '<h2>Un graphique, un message</h2><p>Histogramme pour comparer, courbe pour une évolution, secteurs pour une répartition en peu de catégories.</p>',
          },
        ],
      },
    ],
  },
  {
    title: 'RGPD : les fondamentaux',
    summary:
      'Comprendre le Règlement général sur la protection des données et ses conséquences au quotidien : principes, droits des personnes, sécurité.',
    category: 'compliance',
    level: 'beginner',
    durationMinutes: 3 * 60 + 30,
    sheet: {
      ...emptySheet,
      category: 'Réglementation',
      description: 'Les principes du RGPD appliqués aux traitements de données de votre organisme.',
      objectives:
        'Connaître les principes du RGPD.\nRépondre à une demande d’exercice de droits.\nRéagir à une violation de données.',
      prerequisites: 'Aucun.',
      audience: 'Tout salarié manipulant des données personnelles.',
      durationHours: 3.5,
      modality: 'distance',
      assessmentMethods: 'Quiz final.',
    },
    modules: [
      {
        title: 'Les principes',
        lessons: [
          {
            title: 'Qu’est-ce qu’une donnée personnelle ?',
            minutes: 15,
            html: '<h2>Une définition large</h2><p>Toute information se rapportant à une personne physique identifiée ou identifiable : un nom, un numéro de téléphone, une adresse IP, une photo…</p>',
          },
          {
            title: 'Les six principes clés',
            minutes: 25,
            html: '<h2>Licéité, finalité, minimisation…</h2><ol><li>Une base légale pour chaque traitement.</li><li>Une finalité déterminée.</li><li>Des données limitées au nécessaire.</li><li>Des données exactes.</li><li>Une durée de conservation limitée.</li><li>Sécurité et confidentialité.</li></ol>',
          },
        ],
      },
      {
        title: 'Les droits des personnes',
        lessons: [
          {
            title: 'Accès, rectification, effacement',
            minutes: 20,
            html: '<h2>Répondre dans un délai d’un mois</h2><p>Toute personne peut demander l’accès à ses données, leur rectification ou leur effacement. Vérifiez son identité, puis répondez dans un délai d’un mois.</p>',
          },
        ],
      },
      {
        title: 'Sécurité et violations',
        lessons: [
          {
            title: 'Réagir à une violation de données',
            minutes: 20,
            html: '<h2>72 heures</h2><p>Une violation présentant un risque pour les personnes doit être notifiée à la <strong>CNIL</strong> dans les 72 heures. Documentez chaque incident dans le registre des violations.</p>',
          },
        ],
      },
    ],
  },
];

function toSnapshot(template: PlatformTemplate): FormationSnapshot {
  return {
    ...template.sheet,
    modules: template.modules.map((module) => ({
      title: module.title,
      lessons: module.lessons.map((lesson) => ({
        title: lesson.title,
        estimatedMinutes: lesson.minutes,
        content: { type: 'text', html: lesson.html },
        fileRef: null,
      })),
    })),
    files: [],
  };
}

/**
 * The catalogue of the demo: three platform templates (written as the owner, as an admin would
 * publish them) and the demo organisation's writing formation, shared by its trainer through the
 * service like any share. Run once, after the formations.
 */
export async function seedDemoMarketplace(
  deps: { database: Database; service: MarketplaceService },
  input: { trainer: SessionUser; now: Date },
) {
  const { db } = deps.database;
  const [existing] = await db.select({ total: count() }).from(marketplaceListings);
  if ((existing?.total ?? 0) > 0) return;
  await db.insert(marketplaceListings).values(
    PLATFORM_TEMPLATES.map((template, index) => ({
      organizationId: null,
      title: template.title,
      summary: template.summary,
      category: template.category,
      level: template.level,
      language: 'fr',
      durationMinutes: template.durationMinutes,
      moduleCount: template.modules.length,
      lessonCount: template.modules.reduce((total, module) => total + module.lessons.length, 0),
      snapshot: toSnapshot(template),
      // A few days apart, so the catalogue's order is stable.
      sharedAt: new Date(input.now.getTime() - (30 - index) * 86_400_000),
      createdAt: new Date(input.now.getTime() - (30 - index) * 86_400_000),
    })),
  );
  const result = await db.execute(sql`
    select id from courses where organization_id = ${input.trainer.organizationId}
    and title = 'Communication professionnelle écrite' limit 1`);
  const [course] = (result as unknown as { rows: { id: string }[] }).rows;
  if (!course) return;
  await deps.service.share(input.trainer, {
    courseId: course.id,
    summary:
      'Rédiger des courriels et des comptes rendus clairs, adaptés à leurs destinataires : la formation de notre organisme, partagée telle quelle.',
    category: 'communication',
    level: 'beginner',
    language: 'fr',
    durationMinutes: 7 * 60,
  });
}
