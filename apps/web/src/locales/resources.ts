/**
 * Every namespace of both languages, imported statically. The app never imports this at run time:
 * lib/i18n.ts loads each file as its own chunk when a route needs it. The i18next key types
 * (types/i18next.d.ts), the key-parity test and the test setup read it.
 */
import accountSessionsEn from './en/account-sessions.json';
import achievementsEn from './en/achievements.json';
import adminEn from './en/admin.json';
import analyticsEn from './en/analytics.json';
import assistantEn from './en/assistant.json';
import attendanceEn from './en/attendance.json';
import auditTrailEn from './en/audit-trail.json';
import authEn from './en/auth.json';
import certificatesEn from './en/certificates.json';
import commonEn from './en/common.json';
import complianceEn from './en/compliance.json';
import connectionLogsEn from './en/connection-logs.json';
import coursesEn from './en/courses.json';
import dashboardEn from './en/dashboard.json';
import documentsEn from './en/documents.json';
import emailPreferencesEn from './en/email-preferences.json';
import errorDemosEn from './en/error-demos.json';
import errorsEn from './en/errors.json';
import evaluationsEn from './en/evaluations.json';
import exercisesEn from './en/exercises.json';
import forumEn from './en/forum.json';
import fundingWebhooksEn from './en/funding-webhooks.json';
import groupSessionsEn from './en/group-sessions.json';
import helpEn from './en/help.json';
import learnersEn from './en/learners.json';
import learningEn from './en/learning.json';
import legalEn from './en/legal.json';
import marketplaceEn from './en/marketplace.json';
import messagesEn from './en/messages.json';
import navigationEn from './en/navigation.json';
import notificationsEn from './en/notifications.json';
import offlineEn from './en/offline.json';
import organizationSettingsEn from './en/organization-settings.json';
import organizationsEn from './en/organizations.json';
import planningEn from './en/planning.json';
import privacyEn from './en/privacy.json';
import profileEn from './en/profile.json';
import questionsEn from './en/questions.json';
import quizAccessEn from './en/quiz-access.json';
import quizzesEn from './en/quizzes.json';
import registersEn from './en/registers.json';
import settingsEn from './en/settings.json';
import signaturesEn from './en/signatures.json';
import systemEn from './en/system.json';
import timeTrackingEn from './en/time-tracking.json';
import trainersEn from './en/trainers.json';
import twoFactorEn from './en/two-factor.json';
import accountSessionsFr from './fr/account-sessions.json';
import achievementsFr from './fr/achievements.json';
import adminFr from './fr/admin.json';
import analyticsFr from './fr/analytics.json';
import assistantFr from './fr/assistant.json';
import attendanceFr from './fr/attendance.json';
import auditTrailFr from './fr/audit-trail.json';
import authFr from './fr/auth.json';
import certificatesFr from './fr/certificates.json';
import commonFr from './fr/common.json';
import complianceFr from './fr/compliance.json';
import connectionLogsFr from './fr/connection-logs.json';
import coursesFr from './fr/courses.json';
import dashboardFr from './fr/dashboard.json';
import documentsFr from './fr/documents.json';
import emailPreferencesFr from './fr/email-preferences.json';
import errorDemosFr from './fr/error-demos.json';
import errorsFr from './fr/errors.json';
import evaluationsFr from './fr/evaluations.json';
import exercisesFr from './fr/exercises.json';
import forumFr from './fr/forum.json';
import fundingWebhooksFr from './fr/funding-webhooks.json';
import groupSessionsFr from './fr/group-sessions.json';
import helpFr from './fr/help.json';
import learnersFr from './fr/learners.json';
import learningFr from './fr/learning.json';
import legalFr from './fr/legal.json';
import marketplaceFr from './fr/marketplace.json';
import messagesFr from './fr/messages.json';
import navigationFr from './fr/navigation.json';
import notificationsFr from './fr/notifications.json';
import offlineFr from './fr/offline.json';
import organizationSettingsFr from './fr/organization-settings.json';
import organizationsFr from './fr/organizations.json';
import planningFr from './fr/planning.json';
import privacyFr from './fr/privacy.json';
import profileFr from './fr/profile.json';
import questionsFr from './fr/questions.json';
import quizAccessFr from './fr/quiz-access.json';
import quizzesFr from './fr/quizzes.json';
import registersFr from './fr/registers.json';
import settingsFr from './fr/settings.json';
import signaturesFr from './fr/signatures.json';
import systemFr from './fr/system.json';
import timeTrackingFr from './fr/time-tracking.json';
import trainersFr from './fr/trainers.json';
import twoFactorFr from './fr/two-factor.json';

export const resources = {
  fr: {
    accountSessions: accountSessionsFr,
    achievements: achievementsFr,
    admin: adminFr,
    analytics: analyticsFr,
    assistant: assistantFr,
    attendance: attendanceFr,
    auditTrail: auditTrailFr,
    auth: authFr,
    certificates: certificatesFr,
    compliance: complianceFr,
    common: commonFr,
    connectionLogs: connectionLogsFr,
    courses: coursesFr,
    dashboard: dashboardFr,
    documents: documentsFr,
    emailPreferences: emailPreferencesFr,
    errorDemos: errorDemosFr,
    errors: errorsFr,
    evaluations: evaluationsFr,
    exercises: exercisesFr,
    forum: forumFr,
    fundingWebhooks: fundingWebhooksFr,
    groupSessions: groupSessionsFr,
    help: helpFr,
    learners: learnersFr,
    learning: learningFr,
    legal: legalFr,
    marketplace: marketplaceFr,
    messages: messagesFr,
    navigation: navigationFr,
    notifications: notificationsFr,
    offline: offlineFr,
    organizationSettings: organizationSettingsFr,
    organizations: organizationsFr,
    planning: planningFr,
    privacy: privacyFr,
    profile: profileFr,
    questions: questionsFr,
    quizAccess: quizAccessFr,
    quizzes: quizzesFr,
    registers: registersFr,
    settings: settingsFr,
    signatures: signaturesFr,
    system: systemFr,
    timeTracking: timeTrackingFr,
    trainers: trainersFr,
    twoFactor: twoFactorFr,
  },
  en: {
    accountSessions: accountSessionsEn,
    achievements: achievementsEn,
    admin: adminEn,
    analytics: analyticsEn,
    assistant: assistantEn,
    attendance: attendanceEn,
    auditTrail: auditTrailEn,
    auth: authEn,
    certificates: certificatesEn,
    compliance: complianceEn,
    common: commonEn,
    connectionLogs: connectionLogsEn,
    courses: coursesEn,
    dashboard: dashboardEn,
    documents: documentsEn,
    emailPreferences: emailPreferencesEn,
    errorDemos: errorDemosEn,
    errors: errorsEn,
    evaluations: evaluationsEn,
    exercises: exercisesEn,
    forum: forumEn,
    fundingWebhooks: fundingWebhooksEn,
    groupSessions: groupSessionsEn,
    help: helpEn,
    learners: learnersEn,
    learning: learningEn,
    legal: legalEn,
    marketplace: marketplaceEn,
    messages: messagesEn,
    navigation: navigationEn,
    notifications: notificationsEn,
    offline: offlineEn,
    organizationSettings: organizationSettingsEn,
    organizations: organizationsEn,
    planning: planningEn,
    privacy: privacyEn,
    profile: profileEn,
    questions: questionsEn,
    quizAccess: quizAccessEn,
    quizzes: quizzesEn,
    registers: registersEn,
    settings: settingsEn,
    signatures: signaturesEn,
    system: systemEn,
    timeTracking: timeTrackingEn,
    trainers: trainersEn,
    twoFactor: twoFactorEn,
  },
} as const;
