import { asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { recomputeProgress } from './course-queries.ts';
import {
  courseEnrollments,
  courseLessons,
  courseModules,
  courses,
  lessonCompletions,
} from './courses.tables.ts';
import { sanitizeLessonHtml } from './sanitize-lesson-html.ts';

type DemoLesson = { title: string; minutes: number } & ({ html: string } | { url: string });

const EXCEL_MODULES: { title: string; lessons: DemoLesson[] }[] = [
  {
    title: 'Prise en main',
    lessons: [
      {
        title: "Découvrir l'interface",
        minutes: 15,
        html: "<h2>Le classeur et ses feuilles</h2><p>Un fichier Excel est un <strong>classeur</strong> composé de <strong>feuilles</strong>. Chaque feuille est une grille de <em>cellules</em> repérées par une lettre de colonne et un numéro de ligne (A1, B2…).</p><ul><li>Le <strong>ruban</strong> regroupe les commandes par onglets.</li><li>La <strong>barre de formule</strong> affiche le contenu de la cellule active.</li><li>La <strong>barre d'état</strong> donne la somme et la moyenne de la sélection.</li></ul>",
      },
      {
        title: 'Saisir et mettre en forme des données',
        minutes: 20,
        html: '<h2>Saisir proprement</h2><p>Une information par cellule, une ligne par enregistrement, un titre par colonne : ce sont les trois règles qui rendent un tableau exploitable.</p><h3>Mettre en forme</h3><ol><li>Sélectionnez la plage.</li><li>Choisissez un format de nombre (monétaire, date, pourcentage).</li><li>Appliquez un style de cellule plutôt que des couleurs au hasard.</li></ol><blockquote>Astuce : Ctrl+Maj+L active les filtres sur votre tableau.</blockquote>',
      },
      {
        title: "Ressource : l'aide officielle d'Excel",
        minutes: 10,
        url: 'https://support.microsoft.com/fr-fr/excel',
      },
    ],
  },
  {
    title: 'Formules et fonctions',
    lessons: [
      {
        title: 'Les formules de base',
        minutes: 20,
        html: "<h2>Tout commence par =</h2><p>Une formule commence toujours par le signe égal. Elle peut combiner des valeurs, des références de cellules et des opérateurs : <code>=B2*C2</code> calcule un montant à partir d'une quantité et d'un prix.</p><p>Les références <strong>relatives</strong> (B2) se décalent quand on recopie la formule ; les références <strong>absolues</strong> ($B$2) restent fixes.</p>",
      },
      {
        title: 'Les fonctions SOMME, MOYENNE et SI',
        minutes: 25,
        html: '<h2>Trois fonctions à connaître</h2><ul><li><code>=SOMME(B2:B20)</code> additionne une plage.</li><li><code>=MOYENNE(B2:B20)</code> en calcule la moyenne.</li><li><code>=SI(B2&gt;=10;"Admis";"Ajourné")</code> renvoie un résultat selon une condition.</li></ul><p>Exercice : calculez la moyenne d\'une promotion, puis affichez « Admis » pour chaque apprenant ayant au moins 10.</p>',
      },
    ],
  },
  {
    title: 'Tableaux et graphiques',
    lessons: [
      {
        title: 'Créer un tableau structuré',
        minutes: 15,
        html: "<h2>Insertion &gt; Tableau</h2><p>Un tableau structuré s'étend automatiquement quand vous ajoutez des lignes, et ses formules utilisent le nom des colonnes. C'est la base d'un suivi fiable.</p>",
      },
      {
        title: 'Choisir le bon graphique',
        minutes: 15,
        html: '<h2>Un graphique, un message</h2><ul><li>Comparer des valeurs : <strong>histogramme</strong>.</li><li>Montrer une évolution : <strong>courbe</strong>.</li><li>Montrer une répartition : <strong>secteurs</strong>, avec peu de catégories.</li></ul>',
      },
      {
        title: 'Pour aller plus loin : les formations en ligne de Microsoft',
        minutes: 10,
        url: 'https://support.microsoft.com/fr-fr/training',
      },
    ],
  },
];

const COMMUNICATION_MODULES: { title: string; lessons: DemoLesson[] }[] = [
  {
    title: "Les bases de l'écrit professionnel",
    lessons: [
      {
        title: 'Structurer un courriel',
        minutes: 15,
        html: '<h2>Objet, contexte, demande</h2><p>Un objet précis, une phrase de contexte, une demande claire et une échéance : votre destinataire sait quoi faire dès la première lecture.</p>',
      },
      {
        title: 'Adapter le ton',
        minutes: 15,
        html: '<p>Vouvoiement, formules de politesse, niveau de détail : le ton dépend du destinataire et de la relation. En cas de doute, restez sobre.</p>',
      },
    ],
  },
];

/**
 * Two formations for 'Organisme Démo' (one published with learners at different stages, one draft),
 * so the demo shows real lists, lessons and progress. Runs on the owner connection, once: it does
 * nothing if the organisation already has formations.
 */
export async function seedDemoCourses(options: {
  database: Database;
  organizationId: string;
  trainerId: string;
  /** Students to enrol in the published formation, with how many of its lessons each completed. */
  students: { studentId: string; completedLessons: number }[];
  /** When they enrolled: the demo's tracked time follows it. */
  enrolledAt: Date;
}) {
  const { db } = options.database;
  const { organizationId, trainerId } = options;
  const [existing] = await db
    .select({ total: count() })
    .from(courses)
    .where(eq(courses.organizationId, organizationId));
  if ((existing?.total ?? 0) > 0) return;

  await db.transaction(async (tx) => {
    const insertCourse = async (
      values: Omit<typeof courses.$inferInsert, 'organizationId' | 'createdBy'>,
      modules: typeof EXCEL_MODULES,
    ) => {
      const [course] = await tx
        .insert(courses)
        .values({ ...values, organizationId, createdBy: trainerId })
        .returning({ id: courses.id });
      const lessonIds: string[] = [];
      for (const [moduleIndex, module] of modules.entries()) {
        const [moduleRow] = await tx
          .insert(courseModules)
          .values({ organizationId, courseId: course!.id, title: module.title, position: moduleIndex })
          .returning({ id: courseModules.id });
        for (const [lessonIndex, lesson] of module.lessons.entries()) {
          const isText = 'html' in lesson;
          const [lessonRow] = await tx
            .insert(courseLessons)
            .values({
              organizationId,
              courseId: course!.id,
              moduleId: moduleRow!.id,
              title: lesson.title,
              type: isText ? 'text' : 'link',
              estimatedMinutes: lesson.minutes,
              position: lessonIndex,
              content: isText
                ? { type: 'text', html: sanitizeLessonHtml(lesson.html) }
                : { type: 'link', url: lesson.url },
            })
            .returning({ id: courseLessons.id });
          lessonIds.push(lessonRow!.id);
        }
      }
      return { courseId: course!.id, lessonIds };
    };

    const excel = await insertCourse(
      {
        title: 'Excel : les fondamentaux',
        description: 'Prendre en main Excel pour saisir, calculer et présenter des données au quotidien.',
        category: 'Bureautique',
        objectives:
          'Créer et mettre en forme un tableau.\nUtiliser les formules et fonctions courantes.\nPrésenter des données sous forme de graphique.',
        prerequisites:
          "Savoir utiliser un ordinateur et naviguer dans des dossiers. Aucune connaissance d'Excel requise.",
        audience: 'Toute personne amenée à produire ou exploiter des tableaux de données.',
        durationHours: 14,
        modality: 'blended',
        teachingMethods: 'Apports théoriques courts, démonstrations, exercices pratiques sur cas réels.',
        assessmentMethods: 'Quiz en fin de module et exercice de synthèse évalué par le formateur.',
        accessibility:
          'Formation accessible aux personnes en situation de handicap : contactez notre référent handicap pour adapter les modalités.',
        priceCents: 45000,
        status: 'published',
      },
      EXCEL_MODULES,
    );
    await insertCourse(
      {
        title: 'Communication professionnelle écrite',
        description: 'Rédiger des écrits professionnels clairs et adaptés à leurs destinataires.',
        category: 'Communication',
        durationHours: 7,
        modality: 'distance',
        status: 'draft',
      },
      COMMUNICATION_MODULES,
    );

    for (const student of options.students) {
      await tx.insert(courseEnrollments).values({
        organizationId,
        courseId: excel.courseId,
        studentId: student.studentId,
        enrolledBy: trainerId,
        createdAt: options.enrolledAt,
        updatedAt: options.enrolledAt,
      });
      const completed = excel.lessonIds.slice(0, student.completedLessons);
      if (completed.length > 0) {
        await tx.insert(lessonCompletions).values(
          completed.map((lessonId) => ({
            organizationId,
            courseId: excel.courseId,
            lessonId,
            studentId: student.studentId,
          })),
        );
      }
    }
    await recomputeProgress(tx, excel.courseId);
  });
}

/**
 * Dates each demo learner's lesson completions, in their formation's order, at the given instants
 * (the ends of the sittings they were done in): seedDemoCourses completes them as it runs, before the
 * tracked time that dates them exists. Runs on the owner connection.
 */
export async function dateDemoCompletions(options: {
  database: Database;
  learners: { studentId: string; completedAt: Date[] }[];
}) {
  const { db } = options.database;
  for (const { studentId, completedAt } of options.learners) {
    const done = await db
      .select({ id: lessonCompletions.id })
      .from(lessonCompletions)
      .innerJoin(courseLessons, eq(courseLessons.id, lessonCompletions.lessonId))
      .innerJoin(courseModules, eq(courseModules.id, courseLessons.moduleId))
      .where(eq(lessonCompletions.studentId, studentId))
      .orderBy(asc(courseModules.position), asc(courseLessons.position));
    for (const [index, { id }] of done.entries()) {
      const at = completedAt[index];
      if (at) await db.update(lessonCompletions).set({ completedAt: at }).where(eq(lessonCompletions.id, id));
    }
  }
}
