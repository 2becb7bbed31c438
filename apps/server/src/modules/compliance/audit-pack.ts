import type { Readable } from 'node:stream';
import {
  ACTION_CATEGORIES,
  type AutomaticEvidence,
  type ComplianceReport,
  type IndicatorReport,
  type IndicatorStatus,
  type Language,
  type ProgrammeSheetField,
  QUALITY_CRITERIA,
  QUALITY_INDICATORS,
} from '@cursus/contracts';
import { ZipFile } from 'yazl';
import { excelCsv } from '../../lib/excel-csv.ts';
import { PdfTextWriter } from '../../lib/pdf-writer.ts';
import type { AttendancePackSheet } from '../attendance/attendance.module.ts';
import type { StoredFileRow } from '../files/files.module.ts';
import type { EvidenceWithFile } from './compliance.service.ts';
import type { ProgrammeSheet } from './read-evidence.ts';

const COPY = {
  fr: {
    /** Between a label and its value: French sets a space before the colon. */
    colon: ' : ',
    packTitle: 'Dossier d’audit Qualiopi',
    generatedAt: 'Généré le',
    organization: 'Organisme',
    categories: 'Catégories d’actions',
    categoryNames: {
      training: 'Actions de formation',
      skills_assessment: 'Bilans de compétences',
      vae: 'Validation des acquis de l’expérience',
      apprenticeship: 'Apprentissage',
    },
    certifying: 'Prépare à des certifications RNCP/RS',
    workLinked: 'Formations en alternance hors apprentissage',
    yes: 'oui',
    no: 'non',
    readiness: 'Préparation',
    readinessRule: 'Part des indicateurs applicables prouvés, un indicateur partiel comptant pour moitié.',
    readinessLine: (
      percent: number,
      evidenced: number,
      partial: number,
      missing: number,
      applicable: number,
    ) =>
      `${percent} % : ${evidenced} prouvés, ${partial} partiels, ${missing} manquants sur ${applicable} indicateurs applicables`,
    criterion: (number: number) => `Critère ${number}`,
    indicator: (number: number) => `Indicateur ${number}`,
    status: 'Statut',
    statuses: {
      evidenced: 'Prouvé',
      partial: 'Partiel',
      missing: 'Manquant',
      notApplicable: 'Non applicable',
    } satisfies Record<IndicatorStatus, string>,
    notApplicableList: 'Indicateurs non applicables à cet organisme',
    automatic: 'Preuves tenues par la plateforme',
    uploads: 'Preuves déposées',
    none: 'Aucune.',
    lastAt: 'dernier enregistrement le',
    provenOn: 'du',
    fileIn: 'fichier',
    gaps: 'À compléter',
    sources: {
      programmeSheets: 'Fiches programme complètes des formations publiées',
      publishedResults: 'Indicateurs de résultats publiés sur la page publique',
      positioning: 'Positionnements à l’entrée répondus (sur envoyés)',
      convocations: 'Convocations envoyées aux apprenants invités aux sessions',
      progress: 'Inscriptions avec progression (sur inscriptions)',
      exchanges: 'Questions d’apprenants ayant reçu une réponse (sur questions)',
      quizAttempts: 'Passages de quiz terminés',
      exerciseReviews: 'Exercices corrigés',
      reminders: 'Relances d’inactivité envoyées',
      evaluationReminders: 'Relances des questionnaires de satisfaction',
      lessonsOpened: 'Leçons suivies jusqu’au bout',
      trackedTime: 'Heures de formation suivies',
      trainerCvs: 'Intervenants avec CV (sur intervenants)',
      satisfaction: 'Questionnaires de satisfaction répondus (sur envoyés)',
      watch: 'Entrées du registre de veille',
      complaints: 'Réclamations traitées (sur reçues)',
      improvements: 'Actions d’amélioration closes (sur engagées)',
    } satisfies Record<AutomaticEvidence['source'], string>,
    fields: {
      objectives: 'objectifs',
      prerequisites: 'prérequis',
      duration: 'durée',
      modality: 'modalité',
      price: 'tarif',
      teachingMethods: 'méthodes mobilisées',
      assessmentMethods: 'modalités d’évaluation',
      accessibility: 'accessibilité',
    } satisfies Record<ProgrammeSheetField, string>,
    csv: {
      summary: ['Indicateur', 'Critère', 'Intitulé', 'Statut', 'Preuves plateforme', 'Preuves déposées'],
      evidence: ['Indicateur', 'Type', 'Preuve', 'Nombre', 'Sur', 'Date'],
      platform: 'plateforme',
      upload: 'dépôt',
      sheets: ['Formation', 'Dernière mise à jour', 'Champs manquants'],
    },
    names: {
      summaryPdf: '00-synthese.pdf',
      summaryCsv: '00-synthese.csv',
      indicatorPdf: (number: number) => `indicateur-${pad(number)}.pdf`,
      evidenceCsv: 'preuves.csv',
      sheetsCsv: 'fiches-programme.csv',
      files: 'fichiers',
      attendance: 'emargements',
    },
  },
  en: {
    colon: ': ',
    packTitle: 'Qualiopi audit pack',
    generatedAt: 'Generated on',
    organization: 'Organisation',
    categories: 'Action categories',
    categoryNames: {
      training: 'Training actions',
      skills_assessment: 'Skills assessments',
      vae: 'Validation of prior experience (VAE)',
      apprenticeship: 'Apprenticeship',
    },
    certifying: 'Prepares for RNCP/RS certifications',
    workLinked: 'Work-linked training outside apprenticeship',
    yes: 'yes',
    no: 'no',
    readiness: 'Readiness',
    readinessRule: 'Share of the applicable indicators evidenced, a partial one counting for half.',
    readinessLine: (
      percent: number,
      evidenced: number,
      partial: number,
      missing: number,
      applicable: number,
    ) =>
      `${percent} %: ${evidenced} evidenced, ${partial} partial, ${missing} missing out of ${applicable} applicable indicators`,
    criterion: (number: number) => `Criterion ${number}`,
    indicator: (number: number) => `Indicator ${number}`,
    status: 'Status',
    statuses: {
      evidenced: 'Evidenced',
      partial: 'Partial',
      missing: 'Missing',
      notApplicable: 'Not applicable',
    } satisfies Record<IndicatorStatus, string>,
    notApplicableList: 'Indicators that do not apply to this organisation',
    automatic: 'Evidence held by the platform',
    uploads: 'Uploaded evidence',
    none: 'None.',
    lastAt: 'latest on',
    provenOn: 'dated',
    fileIn: 'file',
    gaps: 'To complete',
    sources: {
      programmeSheets: 'Complete programme sheets of the published formations',
      publishedResults: 'Results indicators published on the public page',
      positioning: 'Entry positionings answered (of those sent)',
      convocations: 'Convocations sent to the learners invited to sessions',
      progress: 'Enrolments with progress (of enrolments)',
      exchanges: 'Learners’ questions answered (of questions)',
      quizAttempts: 'Quiz attempts completed',
      exerciseReviews: 'Exercises reviewed',
      reminders: 'Inactivity reminders sent',
      evaluationReminders: 'Satisfaction questionnaire reminders',
      lessonsOpened: 'Lessons followed to the end',
      trackedTime: 'Hours of training followed',
      trainerCvs: 'Contributors with a CV (of contributors)',
      satisfaction: 'Satisfaction questionnaires answered (of those sent)',
      watch: 'Watch register entries',
      complaints: 'Complaints handled (of those received)',
      improvements: 'Improvement actions closed (of those opened)',
    } satisfies Record<AutomaticEvidence['source'], string>,
    fields: {
      objectives: 'objectives',
      prerequisites: 'prerequisites',
      duration: 'duration',
      modality: 'format',
      price: 'price',
      teachingMethods: 'teaching methods',
      assessmentMethods: 'assessment',
      accessibility: 'accessibility',
    } satisfies Record<ProgrammeSheetField, string>,
    csv: {
      summary: ['Indicator', 'Criterion', 'Title', 'Status', 'Platform evidence', 'Uploaded evidence'],
      evidence: ['Indicator', 'Kind', 'Evidence', 'Count', 'Out of', 'Date'],
      platform: 'platform',
      upload: 'upload',
      sheets: ['Formation', 'Last updated', 'Missing fields'],
    },
    names: {
      summaryPdf: '00-summary.pdf',
      summaryCsv: '00-summary.csv',
      indicatorPdf: (number: number) => `indicator-${pad(number)}.pdf`,
      evidenceCsv: 'evidence.csv',
      sheetsCsv: 'programme-sheets.csv',
      files: 'files',
      attendance: 'attendance-sheets',
    },
  },
};

type Copy = (typeof COPY)[Language];

function pad(number: number): string {
  return String(number).padStart(2, '0');
}

/** A name safe in every unzip tool: lowercase ASCII words joined by hyphens. */
export function slugOf(value: string, max = 60): string {
  const slug = value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
  return slug || 'document';
}

/** `01-information-sur-les-prestations`: the indicator's folder, in the pack's language. */
export function indicatorFolder(number: number, language: Language): string {
  const indicator = QUALITY_INDICATORS[number - 1]!;
  return `${pad(number)}-${slugOf(indicator.short[language])}`;
}

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
};

function formatters(language: Language) {
  const locale = language === 'fr' ? 'fr-FR' : 'en-GB';
  return {
    day: (value: string) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Europe/Paris' }).format(
        new Date(value),
      ),
    dateTime: (value: Date) =>
      new Intl.DateTimeFormat(locale, {
        dateStyle: 'long',
        timeStyle: 'short',
        timeZone: 'Europe/Paris',
      }).format(value),
  };
}

function automaticLine(copy: Copy, item: AutomaticEvidence, day: (value: string) => string): string {
  const figure = item.total === null ? `${item.count}` : `${item.count} / ${item.total}`;
  const last = item.lastAt ? ` (${copy.lastAt} ${day(item.lastAt)})` : '';
  return `${copy.sources[item.source]}${copy.colon}${figure}${last}`;
}

async function renderSummaryPdf(report: ComplianceReport, language: Language, at: Date): Promise<Uint8Array> {
  const copy = COPY[language];
  const { dateTime } = formatters(language);
  const writer = await PdfTextWriter.create(`${copy.packTitle} - ${report.organizationName}`, at);
  writer.paragraph(copy.packTitle, { size: 20, bold: true, gap: 4 });
  writer.paragraph(report.organizationName, { size: 14, bold: true, gap: 2 });
  writer.paragraph(`${copy.generatedAt} ${dateTime(at)}`, { size: 9, muted: true, gap: 14 });
  const categories = ACTION_CATEGORIES.filter((category) =>
    report.profile.actionCategories.includes(category),
  );
  writer.paragraph(
    `${copy.categories}${copy.colon}${categories.map((category) => copy.categoryNames[category]).join(', ')}`,
  );
  writer.paragraph(`${copy.certifying}${copy.colon}${report.profile.certifying ? copy.yes : copy.no}`);
  writer.paragraph(`${copy.workLinked}${copy.colon}${report.profile.workLinked ? copy.yes : copy.no}`, {
    gap: 14,
  });
  const { readiness } = report;
  writer.paragraph(copy.readiness, { size: 14, bold: true, gap: 2 });
  writer.paragraph(
    copy.readinessLine(
      readiness.percent,
      readiness.evidenced,
      readiness.partial,
      readiness.missing,
      readiness.applicable,
    ),
    { gap: 2 },
  );
  writer.paragraph(copy.readinessRule, { size: 9, muted: true, gap: 14 });
  for (const criterion of QUALITY_CRITERIA) {
    const figures = report.criteria.find((entry) => entry.number === criterion.number)!.readiness;
    writer.paragraph(`${copy.criterion(criterion.number)} (${figures.percent} %)`, { bold: true, gap: 2 });
    writer.paragraph(criterion.title[language], { size: 9, muted: true, gap: 4 });
    for (const indicator of report.indicators.filter(
      (entry) => entry.criterion === criterion.number && entry.isApplicable,
    ))
      writer.paragraph(
        `${copy.indicator(indicator.number)} - ${QUALITY_INDICATORS[indicator.number - 1]!.short[language]}${copy.colon}${copy.statuses[indicator.status]}`,
        { size: 10, indent: 12, gap: 1 },
      );
    writer.paragraph('', { gap: 8 });
  }
  const notApplicable = report.indicators.filter((indicator) => !indicator.isApplicable);
  if (notApplicable.length > 0) {
    writer.paragraph(copy.notApplicableList, { bold: true, gap: 2 });
    writer.paragraph(notApplicable.map((indicator) => indicator.number).join(', '));
  }
  return writer.save();
}

async function renderIndicatorPdf(
  report: ComplianceReport,
  indicator: IndicatorReport,
  sheets: ProgrammeSheet[],
  language: Language,
  at: Date,
): Promise<Uint8Array> {
  const copy = COPY[language];
  const { day, dateTime } = formatters(language);
  const definition = QUALITY_INDICATORS[indicator.number - 1]!;
  const writer = await PdfTextWriter.create(
    `${copy.indicator(indicator.number)} - ${report.organizationName}`,
    at,
  );
  writer.paragraph(`${copy.indicator(indicator.number)} - ${definition.short[language]}`, {
    size: 16,
    bold: true,
    gap: 2,
  });
  writer.paragraph(`${copy.criterion(indicator.criterion)} · ${report.organizationName}`, {
    size: 9,
    muted: true,
    gap: 8,
  });
  writer.paragraph(definition.wording[language], { gap: 10 });
  writer.paragraph(`${copy.status}${copy.colon}${copy.statuses[indicator.status]}`, { bold: true, gap: 12 });
  writer.paragraph(copy.automatic, { size: 13, bold: true, gap: 4 });
  if (indicator.automatic.length === 0) writer.paragraph(copy.none);
  for (const item of indicator.automatic) {
    writer.paragraph(`- ${automaticLine(copy, item, day)}`, { indent: 8, gap: 2 });
    for (const gap of item.gaps)
      writer.paragraph(
        `${copy.gaps}${copy.colon}${gap.label} (${gap.missing.map((field) => copy.fields[field]).join(', ')})`,
        { size: 9, indent: 20, muted: true, gap: 1 },
      );
  }
  if (indicator.number === 1 && sheets.length > 0) writer.paragraph('', { gap: 4 });
  writer.paragraph('', { gap: 8 });
  writer.paragraph(copy.uploads, { size: 13, bold: true, gap: 4 });
  if (indicator.uploads.length === 0) writer.paragraph(copy.none);
  for (const upload of indicator.uploads)
    writer.paragraph(
      `- ${upload.title}, ${copy.provenOn} ${day(upload.provenOn)} (${copy.fileIn} ${upload.file.name})`,
      {
        indent: 8,
        gap: 2,
      },
    );
  writer.paragraph('', { gap: 12 });
  writer.paragraph(`${copy.generatedAt} ${dateTime(at)}`, { size: 9, muted: true });
  return writer.save();
}

function evidenceCsv(copy: Copy, indicator: IndicatorReport): string {
  return excelCsv(copy.csv.evidence, [
    ...indicator.automatic.map((item) => [
      String(indicator.number),
      copy.csv.platform,
      copy.sources[item.source],
      String(item.count),
      item.total === null ? '' : String(item.total),
      item.lastAt?.slice(0, 10) ?? '',
    ]),
    ...indicator.uploads.map((upload) => [
      String(indicator.number),
      copy.csv.upload,
      `${upload.title} (${upload.file.name})`,
      '1',
      '',
      upload.provenOn,
    ]),
  ]);
}

/** The indicator whose folder holds the signed attendance sheets. */
const ATTENDANCE_INDICATOR = 12;

/** Names unique within one folder: a second "2026-03-02-excel" becomes "2026-03-02-excel-2". */
function uniqueNames() {
  const taken = new Set<string>();
  return (base: string) => {
    let name = base;
    for (let copyNumber = 2; taken.has(name); copyNumber++) name = `${base}-${copyNumber}`;
    taken.add(name);
    return name;
  };
}

/** One file of the pack: bytes made here, or a stored file streamed from the storage. */
export type PackEntry =
  | { path: string; kind: 'buffer'; content: Buffer }
  | { path: string; kind: 'stored'; file: StoredFileRow };

/**
 * What the pack holds, in order (docs/compliance.md, "The audit pack"): the summary PDF and CSV at
 * the root, then a folder per applicable indicator with its summary PDF, its evidence CSV, the
 * registers' and programme sheets' CSVs where they belong, and copies of the uploaded files. The
 * PDFs and CSVs are small and made first; stored files are read only as the ZIP is written.
 */
export async function listPackEntries(input: {
  report: ComplianceReport;
  sheets: ProgrammeSheet[];
  uploads: EvidenceWithFile[];
  registerFiles: { indicator: number; fileName: string; content: string }[];
  attendanceSheets: AttendancePackSheet[];
  language: Language;
  at: Date;
}): Promise<PackEntry[]> {
  const { report, sheets, uploads, registerFiles, attendanceSheets, language, at } = input;
  const copy = COPY[language];
  const buffer = (path: string, content: Uint8Array | string): PackEntry => ({
    path,
    kind: 'buffer',
    content: Buffer.from(content),
  });
  const entries: PackEntry[] = [
    buffer(copy.names.summaryPdf, await renderSummaryPdf(report, language, at)),
    buffer(
      copy.names.summaryCsv,
      excelCsv(
        copy.csv.summary,
        report.indicators.map((indicator) => [
          String(indicator.number),
          String(indicator.criterion),
          QUALITY_INDICATORS[indicator.number - 1]!.short[language],
          copy.statuses[indicator.status],
          String(indicator.automatic.length),
          String(indicator.uploads.length),
        ]),
      ),
    ),
  ];
  for (const indicator of report.indicators.filter((entry) => entry.isApplicable)) {
    const folder = indicatorFolder(indicator.number, language);
    entries.push(
      buffer(
        `${folder}/${copy.names.indicatorPdf(indicator.number)}`,
        await renderIndicatorPdf(report, indicator, sheets, language, at),
      ),
      buffer(`${folder}/${copy.names.evidenceCsv}`, evidenceCsv(copy, indicator)),
    );
    if (indicator.number === 1 && sheets.length > 0)
      entries.push(
        buffer(
          `${folder}/${copy.names.sheetsCsv}`,
          excelCsv(
            copy.csv.sheets,
            sheets.map((sheet) => [
              sheet.title,
              sheet.updatedAt.slice(0, 10),
              sheet.missing.map((field) => copy.fields[field]).join(', '),
            ]),
          ),
        ),
      );
    for (const file of registerFiles.filter((entry) => entry.indicator === indicator.number))
      entries.push(buffer(`${folder}/${slugOf(file.fileName.replace(/\.csv$/i, ''))}.csv`, file.content));
    // Attendance is followed to keep learners engaged and spot drop-outs (indicator 12).
    if (indicator.number === ATTENDANCE_INDICATOR) {
      const named = uniqueNames();
      for (const sheet of attendanceSheets)
        entries.push(
          buffer(
            `${folder}/${copy.names.attendance}/${named(`${sheet.heldOn}-${slugOf(sheet.title)}`)}.pdf`,
            sheet.bytes,
          ),
        );
    }
    const named = uniqueNames();
    for (const upload of uploads.filter((entry) => entry.evidence.indicator === indicator.number)) {
      const extension = EXTENSIONS[upload.file.mimeType] ?? 'bin';
      const name = named(`${upload.evidence.provenOn}-${slugOf(upload.evidence.title)}`);
      entries.push({
        path: `${folder}/${copy.names.files}/${name}.${extension}`,
        kind: 'stored',
        file: upload.file,
      });
    }
  }
  return entries;
}

/**
 * The ZIP, written as it is read: entries are stored without compression (PDFs, images and small
 * CSVs gain little), so every size is known up front and the total length can be announced, which
 * lets the browser show real progress. Stored files are opened one at a time, as the ZIP reaches them.
 */
export function writeZip(
  entries: PackEntry[],
  readStored: (file: StoredFileRow) => Readable,
  at: Date,
): Promise<{ stream: Readable; totalBytes: number | null }> {
  const zip = new ZipFile();
  const options = { mtime: at, compress: false };
  for (const entry of entries) {
    if (entry.kind === 'buffer') zip.addBuffer(entry.content, entry.path, options);
    else
      zip.addReadStreamLazy(entry.path, { ...options, size: entry.file.sizeBytes }, (callback) =>
        callback(null, readStored(entry.file)),
      );
  }
  // A stored file whose bytes no longer match its recorded size fails the download, never the server.
  zip.on('error', (error: Error) => (zip.outputStream as Readable).destroy(error));
  return new Promise((resolve) => {
    zip.end(undefined, (...args: unknown[]) => {
      const totalBytes = typeof args[0] === 'number' && args[0] >= 0 ? args[0] : null;
      resolve({ stream: zip.outputStream as Readable, totalBytes });
    });
  });
}
