import { z } from 'zod';
import { OkSchema, ORGANIZATION_STAFF, type RouteContract, text } from './common.ts';

/**
 * The four categories of actions the Qualiopi certification covers (article L.6313-1 du Code du
 * travail): training actions, skills assessments, validation of prior experience (VAE) and
 * apprenticeship training (CFA). An organisation delivers one or more (`organizations.action_categories`).
 */
export const ACTION_CATEGORIES = ['training', 'skills_assessment', 'vae', 'apprenticeship'] as const;
export const ActionCategorySchema = z.enum(ACTION_CATEGORIES);
export type ActionCategory = z.infer<typeof ActionCategorySchema>;

/** Who the organisation is for the framework: what decides which indicators apply. */
export const ComplianceProfileSchema = z.object({
  actionCategories: z.array(ActionCategorySchema),
  /** It prepares learners for a certification registered in the RNCP or the RS. */
  certifying: z.boolean(),
  /**
   * It delivers work-linked training outside apprenticeship: training actions with periods in a
   * company (contrat de professionnalisation, Pro-A), which the guide submits to 13 and 28 too.
   */
  workLinked: z.boolean(),
});
export type ComplianceProfile = z.infer<typeof ComplianceProfileSchema>;

export const UpdateComplianceProfileInputSchema = z.object({
  actionCategories: z
    .array(ActionCategorySchema)
    .min(1)
    .max(ACTION_CATEGORIES.length)
    // Each category once, in the framework's order, whatever order the boxes were ticked in.
    .transform((values) => ACTION_CATEGORIES.filter((category) => values.includes(category))),
  certifying: z.boolean(),
  workLinked: z.boolean(),
});
export type UpdateComplianceProfileInput = z.input<typeof UpdateComplianceProfileInputSchema>;

/**
 * When an indicator the framework calls specific applies (guide de lecture du référentiel national
 * qualité, "obligations spécifiques"); a common indicator applies to every organisation.
 * - `certification`: actions leading to a professional certification (certifying organisations,
 *   and always VAE or apprenticeship, which lead to one);
 * - `certificationContent`: the content's fit with a certification (certifying training or
 *   apprenticeship; VAE has no content of its own);
 * - `positioning`: training and apprenticeship (not skills assessments nor VAE);
 * - `workLinked`: work-linked training (alternance), of which apprenticeship;
 * - `apprenticeship`: apprentice training centres (CFA) only.
 */
export type IndicatorScope =
  | 'common'
  | 'certification'
  | 'certificationContent'
  | 'positioning'
  | 'workLinked'
  | 'apprenticeship';

export interface QualityWording {
  fr: string;
  en: string;
}

export interface QualityCriterion {
  number: number;
  title: QualityWording;
}

export interface QualityIndicator {
  number: number;
  criterion: number;
  scope: IndicatorScope;
  /** A heading of a few words (ours, not the framework's). */
  short: QualityWording;
  /** The framework's own wording (and our translation). */
  wording: QualityWording;
}

/** The 7 criteria of the référentiel national qualité (article R.6316-1 du Code du travail). */
export const QUALITY_CRITERIA: readonly QualityCriterion[] = [
  {
    number: 1,
    title: {
      fr: 'Les conditions d’information du public sur les prestations proposées, les délais pour y accéder et les résultats obtenus',
      en: 'How the public is informed of the services offered, the time needed to access them and the results obtained',
    },
  },
  {
    number: 2,
    title: {
      fr: 'L’identification précise des objectifs des prestations proposées et l’adaptation de ces prestations aux publics bénéficiaires lors de la conception des prestations',
      en: 'The precise identification of the objectives of the services offered and their adaptation to the beneficiaries when the services are designed',
    },
  },
  {
    number: 3,
    title: {
      fr: 'L’adaptation aux publics bénéficiaires des prestations et des modalités d’accueil, d’accompagnement, de suivi et d’évaluation mises en œuvre',
      en: 'The adaptation to the beneficiaries of the services and of the reception, support, monitoring and assessment arrangements put in place',
    },
  },
  {
    number: 4,
    title: {
      fr: 'L’adéquation des moyens pédagogiques, techniques et d’encadrement aux prestations mises en œuvre',
      en: 'The suitability of the teaching, technical and supervisory resources for the services delivered',
    },
  },
  {
    number: 5,
    title: {
      fr: 'La qualification et le développement des connaissances et compétences des personnels chargés de mettre en œuvre les prestations',
      en: 'The qualifications and the development of the knowledge and skills of the staff who deliver the services',
    },
  },
  {
    number: 6,
    title: {
      fr: 'L’inscription et l’investissement du prestataire dans son environnement professionnel',
      en: 'The provider’s involvement and investment in its professional environment',
    },
  },
  {
    number: 7,
    title: {
      fr: 'Le recueil et la prise en compte des appréciations et des réclamations formulées par les parties prenantes aux prestations délivrées',
      en: 'The collection and handling of the feedback and complaints of the stakeholders in the services delivered',
    },
  },
];

/** The 32 indicators, in the framework's wording (annexe du décret n° 2019-565 du 6 juin 2019). */
export const QUALITY_INDICATORS: readonly QualityIndicator[] = [
  {
    number: 1,
    criterion: 1,
    scope: 'common',
    short: { fr: 'Information sur les prestations', en: 'Information on the services' },
    wording: {
      fr: 'Le prestataire diffuse une information accessible au public, détaillée et vérifiable sur les prestations proposées : prérequis, objectifs, durée, modalités et délais d’accès, tarifs, contacts, méthodes mobilisées et modalités d’évaluation, accessibilité aux personnes handicapées.',
      en: 'The provider publishes information on the services offered that is accessible to the public, detailed and verifiable: prerequisites, objectives, duration, access arrangements and lead times, prices, contacts, methods used and assessment arrangements, accessibility for people with disabilities.',
    },
  },
  {
    number: 2,
    criterion: 1,
    scope: 'common',
    short: { fr: 'Indicateurs de résultats', en: 'Results indicators' },
    wording: {
      fr: 'Le prestataire diffuse des indicateurs de résultats adaptés à la nature des prestations mises en œuvre et des publics accueillis.',
      en: 'The provider publishes results indicators suited to the nature of the services delivered and of the people it takes in.',
    },
  },
  {
    number: 3,
    criterion: 1,
    scope: 'certification',
    short: { fr: 'Taux d’obtention des certifications', en: 'Certification pass rates' },
    wording: {
      fr: 'Lorsque le prestataire met en œuvre des prestations conduisant à une certification professionnelle, il informe sur les taux d’obtention des certifications préparées, les possibilités de valider un/ou des blocs de compétences, ainsi que sur les équivalences, passerelles, suites de parcours et les débouchés.',
      en: 'When the provider delivers services leading to a professional certification, it gives information on the pass rates of the certifications prepared, the possibility of validating one or more skills blocks, and on equivalences, bridges, further pathways and career outcomes.',
    },
  },
  {
    number: 4,
    criterion: 2,
    scope: 'common',
    short: { fr: 'Analyse du besoin', en: 'Needs analysis' },
    wording: {
      fr: 'Le prestataire analyse le besoin du bénéficiaire en lien avec l’entreprise et/ou le financeur concerné(s).',
      en: 'The provider analyses the beneficiary’s needs together with the company and/or the funder concerned.',
    },
  },
  {
    number: 5,
    criterion: 2,
    scope: 'common',
    short: { fr: 'Objectifs opérationnels et évaluables', en: 'Operational, measurable objectives' },
    wording: {
      fr: 'Le prestataire définit les objectifs opérationnels et évaluables de la prestation.',
      en: 'The provider defines the operational and measurable objectives of the service.',
    },
  },
  {
    number: 6,
    criterion: 2,
    scope: 'common',
    short: { fr: 'Contenus et modalités de mise en œuvre', en: 'Content and delivery arrangements' },
    wording: {
      fr: 'Le prestataire établit les contenus et les modalités de mise en œuvre de la prestation, adaptés aux objectifs définis et aux publics bénéficiaires.',
      en: 'The provider sets out the content and the delivery arrangements of the service, suited to the objectives defined and to the beneficiaries.',
    },
  },
  {
    number: 7,
    criterion: 2,
    scope: 'certificationContent',
    short: {
      fr: 'Adéquation aux exigences de la certification',
      en: 'Fit with the certification’s requirements',
    },
    wording: {
      fr: 'Lorsque le prestataire met en œuvre des prestations conduisant à une certification professionnelle, il s’assure de l’adéquation du ou des contenus de la prestation aux exigences de la certification visée.',
      en: 'When the provider delivers services leading to a professional certification, it makes sure the content of the service meets the requirements of the certification sought.',
    },
  },
  {
    number: 8,
    criterion: 2,
    scope: 'positioning',
    short: { fr: 'Positionnement et évaluation à l’entrée', en: 'Entry positioning and assessment' },
    wording: {
      fr: 'Le prestataire détermine les procédures de positionnement et d’évaluation des acquis à l’entrée de la prestation.',
      en: 'The provider determines the procedures for positioning and assessing prior learning at the start of the service.',
    },
  },
  {
    number: 9,
    criterion: 3,
    scope: 'common',
    short: { fr: 'Conditions de déroulement', en: 'How the service is carried out' },
    wording: {
      fr: 'Le prestataire informe les publics bénéficiaires sur les conditions de déroulement de la prestation.',
      en: 'The provider informs the beneficiaries of how the service will be carried out.',
    },
  },
  {
    number: 10,
    criterion: 3,
    scope: 'common',
    short: { fr: 'Adaptation, accompagnement et suivi', en: 'Adaptation, support and monitoring' },
    wording: {
      fr: 'Le prestataire met en œuvre et adapte la prestation, l’accompagnement et le suivi aux publics bénéficiaires.',
      en: 'The provider delivers the service, the support and the monitoring and adapts them to the beneficiaries.',
    },
  },
  {
    number: 11,
    criterion: 3,
    scope: 'common',
    short: { fr: 'Évaluation de l’atteinte des objectifs', en: 'Assessment of the objectives reached' },
    wording: {
      fr: 'Le prestataire évalue l’atteinte par les publics bénéficiaires des objectifs de la prestation.',
      en: 'The provider assesses whether the beneficiaries reach the objectives of the service.',
    },
  },
  {
    number: 12,
    criterion: 3,
    scope: 'common',
    short: { fr: 'Engagement et prévention des ruptures', en: 'Engagement and drop-out prevention' },
    wording: {
      fr: 'Le prestataire décrit et met en œuvre les mesures pour favoriser l’engagement des bénéficiaires et prévenir les ruptures de parcours.',
      en: 'The provider describes and implements measures to encourage the beneficiaries’ engagement and to prevent drop-outs.',
    },
  },
  {
    number: 13,
    criterion: 3,
    scope: 'workLinked',
    short: { fr: 'Coordination de l’alternance', en: 'Work-linked coordination' },
    wording: {
      fr: 'Pour les formations en alternance, le prestataire, en lien avec l’entreprise, anticipe avec l’apprenant les missions confiées, à court, moyen et long terme, et assure la coordination et la progressivité des apprentissages réalisés en centre de formation et en entreprise.',
      en: 'For work-linked training, the provider, together with the company, plans with the learner the tasks entrusted to them in the short, medium and long term, and coordinates the learning done at the training centre and in the company and makes it progressive.',
    },
  },
  {
    number: 14,
    criterion: 3,
    scope: 'apprenticeship',
    short: { fr: 'Accompagnement socio-professionnel', en: 'Social and professional support' },
    wording: {
      fr: 'Le prestataire met en œuvre un accompagnement socio-professionnel, éducatif et relatif à l’exercice de la citoyenneté.',
      en: 'The provider offers social and professional, educational and citizenship support.',
    },
  },
  {
    number: 15,
    criterion: 3,
    scope: 'apprenticeship',
    short: { fr: 'Droits et devoirs des apprentis', en: 'Apprentices’ rights and duties' },
    wording: {
      fr: 'Le prestataire informe les apprentis de leurs droits et devoirs en tant qu’apprentis et salariés ainsi que des règles applicables en matière de santé et de sécurité en milieu professionnel.',
      en: 'The provider informs apprentices of their rights and duties as apprentices and employees and of the health and safety rules that apply at work.',
    },
  },
  {
    number: 16,
    criterion: 3,
    scope: 'certification',
    short: { fr: 'Présentation à la certification', en: 'Sitting the certification' },
    wording: {
      fr: 'Lorsque le prestataire met en œuvre des formations conduisant à une certification professionnelle, il s’assure que les conditions de présentation des bénéficiaires à la certification respectent les exigences formelles de l’autorité de certification.',
      en: 'When the provider delivers training leading to a professional certification, it makes sure the conditions in which the beneficiaries sit the certification meet the formal requirements of the certifying body.',
    },
  },
  {
    number: 17,
    criterion: 4,
    scope: 'common',
    short: { fr: 'Moyens humains et techniques', en: 'Human and technical resources' },
    wording: {
      fr: 'Le prestataire met à disposition ou s’assure de la mise à disposition des moyens humains et techniques adaptés et d’un environnement approprié (conditions, locaux, équipements, plateaux techniques…).',
      en: 'The provider provides, or makes sure there are, suitable human and technical resources and an appropriate environment (conditions, premises, equipment, technical facilities…).',
    },
  },
  {
    number: 18,
    criterion: 4,
    scope: 'common',
    short: { fr: 'Coordination des intervenants', en: 'Coordination of contributors' },
    wording: {
      fr: 'Le prestataire mobilise et coordonne les différents intervenants internes et/ou externes (pédagogiques, administratifs, logistiques, commerciaux…).',
      en: 'The provider brings in and coordinates the various internal and/or external contributors (teaching, administrative, logistics, sales…).',
    },
  },
  {
    number: 19,
    criterion: 4,
    scope: 'common',
    short: { fr: 'Ressources pédagogiques', en: 'Learning resources' },
    wording: {
      fr: 'Le prestataire met à disposition du bénéficiaire des ressources pédagogiques et permet à celui-ci de se les approprier.',
      en: 'The provider makes learning resources available to the beneficiary and enables them to make those resources their own.',
    },
  },
  {
    number: 20,
    criterion: 4,
    scope: 'apprenticeship',
    short: {
      fr: 'Mobilité, référent handicap et conseil de perfectionnement',
      en: 'Mobility, disability adviser and advisory board',
    },
    wording: {
      fr: 'Le prestataire dispose d’un personnel dédié à l’appui à la mobilité nationale et internationale, d’un référent handicap et d’un conseil de perfectionnement.',
      en: 'The provider has staff dedicated to supporting national and international mobility, a disability adviser and an advisory board (conseil de perfectionnement).',
    },
  },
  {
    number: 21,
    criterion: 5,
    scope: 'common',
    short: { fr: 'Compétences des intervenants', en: 'Contributors’ skills' },
    wording: {
      fr: 'Le prestataire détermine, mobilise et évalue les compétences des différents intervenants internes et/ou externes, adaptées aux prestations.',
      en: 'The provider determines, brings in and assesses the skills of the various internal and/or external contributors, suited to the services.',
    },
  },
  {
    number: 22,
    criterion: 5,
    scope: 'common',
    short: { fr: 'Développement des compétences des salariés', en: 'Staff skills development' },
    wording: {
      fr: 'Le prestataire entretient et développe les compétences de ses salariés, adaptées aux prestations qu’il délivre.',
      en: 'The provider maintains and develops the skills of its employees, suited to the services it delivers.',
    },
  },
  {
    number: 23,
    criterion: 6,
    scope: 'common',
    short: { fr: 'Veille légale et réglementaire', en: 'Legal and regulatory watch' },
    wording: {
      fr: 'Le prestataire réalise une veille légale et réglementaire sur le champ de la formation professionnelle et en exploite les enseignements.',
      en: 'The provider keeps a legal and regulatory watch on vocational training and acts on what it learns.',
    },
  },
  {
    number: 24,
    criterion: 6,
    scope: 'common',
    short: { fr: 'Veille sur les compétences, métiers et emplois', en: 'Skills, occupations and jobs watch' },
    wording: {
      fr: 'Le prestataire réalise une veille sur les évolutions des compétences, des métiers et des emplois dans ses secteurs d’intervention et en exploite les enseignements.',
      en: 'The provider keeps a watch on changes in skills, occupations and jobs in its sectors and acts on what it learns.',
    },
  },
  {
    number: 25,
    criterion: 6,
    scope: 'common',
    short: { fr: 'Veille pédagogique et technologique', en: 'Teaching and technology watch' },
    wording: {
      fr: 'Le prestataire réalise une veille sur les innovations pédagogiques et technologiques permettant une évolution de ses prestations et en exploite les enseignements.',
      en: 'The provider keeps a watch on teaching and technological innovations that can make its services evolve and acts on what it learns.',
    },
  },
  {
    number: 26,
    criterion: 6,
    scope: 'common',
    short: { fr: 'Accueil des personnes en situation de handicap', en: 'Disability inclusion' },
    wording: {
      fr: 'Le prestataire mobilise les expertises, outils et réseaux nécessaires pour accueillir, accompagner/former ou orienter les publics en situation de handicap.',
      en: 'The provider brings in the expertise, tools and networks needed to take in, support or train, or refer people with disabilities.',
    },
  },
  {
    number: 27,
    criterion: 6,
    scope: 'common',
    short: { fr: 'Sous-traitance et portage salarial', en: 'Subcontracting and umbrella employment' },
    wording: {
      fr: 'Lorsque le prestataire fait appel à la sous-traitance ou au portage salarial, il s’assure du respect de la conformité au présent référentiel.',
      en: 'When the provider uses subcontracting or umbrella employment (portage salarial), it makes sure this framework is complied with.',
    },
  },
  {
    number: 28,
    criterion: 6,
    scope: 'workLinked',
    short: { fr: 'Réseau de partenaires socio-économiques', en: 'Social and economic partners' },
    wording: {
      fr: 'Lorsque les prestations dispensées au bénéficiaire comprennent des périodes de formation en situation de travail, le prestataire mobilise son réseau de partenaires socio-économiques pour co-construire l’ingénierie de formation et favoriser l’accueil en entreprise.',
      en: 'When the services include periods of training in a work situation, the provider calls on its network of social and economic partners to design the training together and to help companies take learners in.',
    },
  },
  {
    number: 29,
    criterion: 6,
    scope: 'apprenticeship',
    short: {
      fr: 'Insertion professionnelle et poursuite d’études',
      en: 'Getting into work or further study',
    },
    wording: {
      fr: 'Le prestataire développe des actions qui concourent à l’insertion professionnelle ou la poursuite d’étude par la voie de l’apprentissage ou par toute autre voie permettant de développer leurs connaissances et leurs compétences.',
      en: 'The provider develops actions that help learners into work or further study through apprenticeship or any other route that develops their knowledge and skills.',
    },
  },
  {
    number: 30,
    criterion: 7,
    scope: 'common',
    short: { fr: 'Recueil des appréciations', en: 'Feedback collection' },
    wording: {
      fr: 'Le prestataire recueille les appréciations des parties prenantes : bénéficiaires, financeurs, équipes pédagogiques et entreprises concernées.',
      en: 'The provider collects the feedback of the stakeholders: beneficiaries, funders, teaching teams and the companies concerned.',
    },
  },
  {
    number: 31,
    criterion: 7,
    scope: 'common',
    short: { fr: 'Traitement des difficultés et réclamations', en: 'Difficulties and complaints handling' },
    wording: {
      fr: 'Le prestataire met en œuvre des modalités de traitement des difficultés rencontrées par les parties prenantes, des réclamations exprimées par ces dernières, des aléas survenus en cours de prestation.',
      en: 'The provider has arrangements for handling the difficulties met by the stakeholders, the complaints they make and the incidents that occur during the service.',
    },
  },
  {
    number: 32,
    criterion: 7,
    scope: 'common',
    short: { fr: 'Mesures d’amélioration', en: 'Improvement measures' },
    wording: {
      fr: 'Le prestataire met en œuvre des mesures d’amélioration à partir de l’analyse des appréciations et des réclamations.',
      en: 'The provider implements improvement measures based on the analysis of feedback and complaints.',
    },
  },
];

/** Whether an indicator applies to an organisation of this profile (guide de lecture, per category). */
export function isIndicatorApplicable(
  indicator: Pick<QualityIndicator, 'scope'>,
  profile: ComplianceProfile,
) {
  const delivers = (category: ActionCategory) => profile.actionCategories.includes(category);
  const leadsToCertification = profile.certifying || delivers('vae') || delivers('apprenticeship');
  switch (indicator.scope) {
    case 'common':
      return true;
    case 'certification':
      return leadsToCertification;
    case 'certificationContent':
      return (profile.certifying && delivers('training')) || delivers('apprenticeship');
    case 'positioning':
      return delivers('training') || delivers('apprenticeship');
    case 'workLinked':
      return profile.workLinked || delivers('apprenticeship');
    case 'apprenticeship':
      return delivers('apprenticeship');
  }
}

export const INDICATOR_STATUSES = ['evidenced', 'partial', 'missing', 'notApplicable'] as const;
export const IndicatorStatusSchema = z.enum(INDICATOR_STATUSES);
export type IndicatorStatus = z.infer<typeof IndicatorStatusSchema>;

/**
 * What the platform already holds for an indicator, found in the other domains' records. The web
 * names each source (`compliance:sources.<source>`), with its figures.
 */
export const EVIDENCE_SOURCES = [
  'programmeSheets',
  'publishedResults',
  'positioning',
  'convocations',
  'progress',
  'exchanges',
  'quizAttempts',
  'exerciseReviews',
  'reminders',
  'evaluationReminders',
  'lessonsOpened',
  'trackedTime',
  'trainerCvs',
  'satisfaction',
  'watch',
  'complaints',
  'improvements',
] as const;
export const EvidenceSourceSchema = z.enum(EVIDENCE_SOURCES);
export type EvidenceSource = z.infer<typeof EvidenceSourceSchema>;

/** The fields of a programme sheet indicator 1 names (the organisation's contacts are its legal info). */
export const PROGRAMME_SHEET_FIELDS = [
  'objectives',
  'prerequisites',
  'duration',
  'modality',
  'price',
  'teachingMethods',
  'assessmentMethods',
  'accessibility',
] as const;
export type ProgrammeSheetField = (typeof PROGRAMME_SHEET_FIELDS)[number];

export const AutomaticEvidenceSchema = z.object({
  source: EvidenceSourceSchema,
  /** What counts (formations complete, invitations answered, reminders sent…). */
  count: z.number().int().nonnegative(),
  /** Out of how many, where the source has a whole (formations, trainers, invitations sent). */
  total: z.number().int().nonnegative().nullable(),
  /** The most recent record counted. */
  lastAt: z.iso.datetime().nullable(),
  /** Whether this source alone is enough for the indicator. */
  isMet: z.boolean(),
  /** What is missing, by record (a formation and its missing fields). */
  gaps: z.array(z.object({ label: z.string(), missing: z.array(z.enum(PROGRAMME_SHEET_FIELDS)) })),
});
export type AutomaticEvidence = z.infer<typeof AutomaticEvidenceSchema>;

export const EVIDENCE_TITLE_MAX = 200;

export const UploadedEvidenceSchema = z.object({
  id: z.uuid(),
  indicator: z.number().int(),
  title: z.string(),
  /** The day the document proves (a procedure's date, a meeting's, a watch note's). */
  provenOn: z.iso.date(),
  file: z.object({
    id: z.uuid(),
    name: z.string(),
    mimeType: z.string(),
    sizeBytes: z.number(),
    url: z.string(),
  }),
  createdAt: z.iso.datetime(),
  createdByName: z.string().nullable(),
});
export type UploadedEvidence = z.infer<typeof UploadedEvidenceSchema>;

export const IndicatorReportSchema = z.object({
  number: z.number().int(),
  criterion: z.number().int(),
  isApplicable: z.boolean(),
  status: IndicatorStatusSchema,
  automatic: z.array(AutomaticEvidenceSchema),
  uploads: z.array(UploadedEvidenceSchema),
});
export type IndicatorReport = z.infer<typeof IndicatorReportSchema>;

/**
 * Readiness: evidenced indicators count one, partial ones one half, missing ones nothing, over the
 * indicators that apply (those that do not are left out).
 */
export const ReadinessSchema = z.object({
  applicable: z.number().int(),
  evidenced: z.number().int(),
  partial: z.number().int(),
  missing: z.number().int(),
  /** 0 to 100, rounded down. */
  percent: z.number().int(),
});
export type Readiness = z.infer<typeof ReadinessSchema>;

export function readinessOf(statuses: readonly IndicatorStatus[]): Readiness {
  const evidenced = statuses.filter((status) => status === 'evidenced').length;
  const partial = statuses.filter((status) => status === 'partial').length;
  const missing = statuses.filter((status) => status === 'missing').length;
  const applicable = evidenced + partial + missing;
  const percent = applicable === 0 ? 0 : Math.floor(((evidenced + partial / 2) * 100) / applicable);
  return { applicable, evidenced, partial, missing, percent };
}

export const ComplianceReportSchema = z.object({
  organizationId: z.uuid(),
  organizationName: z.string(),
  profile: ComplianceProfileSchema,
  readiness: ReadinessSchema,
  criteria: z.array(z.object({ number: z.number().int(), readiness: ReadinessSchema })),
  indicators: z.array(IndicatorReportSchema),
  computedAt: z.iso.datetime(),
});
export type ComplianceReport = z.infer<typeof ComplianceReportSchema>;

export const CreateEvidenceInputSchema = z.object({
  indicator: z.number().int().min(1).max(QUALITY_INDICATORS.length),
  /** A file uploaded through `/api/files?purpose=record` by the caller (a PDF or an image). */
  fileId: z.uuid(),
  title: text(EVIDENCE_TITLE_MAX),
  provenOn: z.iso.date(),
});
export type CreateEvidenceInput = z.input<typeof CreateEvidenceInputSchema>;

export const EvidenceParamsSchema = z.object({ evidenceId: z.uuid() });

/** The audit pack's response header saying how many files it holds (its length is Content-Length). */
export const AUDIT_PACK_ENTRIES_HEADER = 'x-audit-pack-entries';

export const complianceRoutes = {
  /** The organisation's indicators, their evidence and its readiness (an admin's own organisation). */
  report: {
    method: 'GET',
    path: '/api/trainer/compliance',
    access: ORGANIZATION_STAFF,
    response: ComplianceReportSchema,
  },
  updateProfile: {
    method: 'PUT',
    path: '/api/trainer/compliance/profile',
    access: ORGANIZATION_STAFF,
    body: UpdateComplianceProfileInputSchema,
    response: ComplianceProfileSchema,
  },
  createEvidence: {
    method: 'POST',
    path: '/api/trainer/compliance/evidence',
    access: ORGANIZATION_STAFF,
    body: CreateEvidenceInputSchema,
    response: UploadedEvidenceSchema,
  },
  deleteEvidence: {
    method: 'DELETE',
    path: '/api/trainer/compliance/evidence/:evidenceId',
    access: ORGANIZATION_STAFF,
    params: EvidenceParamsSchema,
    response: OkSchema,
  },
  /**
   * A ZIP streamed as it is written (`application/zip`): a folder per applicable indicator with its
   * summary PDF, CSVs and evidence files, and a summary PDF at the root. The header
   * `x-audit-pack-entries` says how many files it holds.
   */
  auditPack: {
    method: 'GET',
    path: '/api/trainer/compliance/audit-pack',
    access: ORGANIZATION_STAFF,
    response: z.unknown(),
  },
} as const satisfies Record<string, RouteContract>;
