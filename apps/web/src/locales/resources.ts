/**
 * Every namespace of both languages, imported statically. The app never imports this at run time:
 * lib/i18n.ts loads each file as its own chunk when a route needs it. The i18next key types
 * (types/i18next.d.ts), the key-parity test and the test setup read it.
 */
import achievementsEn from './en/achievements.json';
import adminEn from './en/admin.json';
import authEn from './en/auth.json';
import commonEn from './en/common.json';
import connectionLogsEn from './en/connection-logs.json';
import coursesEn from './en/courses.json';
import dashboardEn from './en/dashboard.json';
import errorsEn from './en/errors.json';
import exercisesEn from './en/exercises.json';
import helpEn from './en/help.json';
import learningEn from './en/learning.json';
import legalEn from './en/legal.json';
import navigationEn from './en/navigation.json';
import notificationsEn from './en/notifications.json';
import organizationsEn from './en/organizations.json';
import profileEn from './en/profile.json';
import quizAccessEn from './en/quiz-access.json';
import quizzesEn from './en/quizzes.json';
import settingsEn from './en/settings.json';
import timeTrackingEn from './en/time-tracking.json';
import achievementsFr from './fr/achievements.json';
import adminFr from './fr/admin.json';
import authFr from './fr/auth.json';
import commonFr from './fr/common.json';
import connectionLogsFr from './fr/connection-logs.json';
import coursesFr from './fr/courses.json';
import dashboardFr from './fr/dashboard.json';
import errorsFr from './fr/errors.json';
import exercisesFr from './fr/exercises.json';
import helpFr from './fr/help.json';
import learningFr from './fr/learning.json';
import legalFr from './fr/legal.json';
import navigationFr from './fr/navigation.json';
import notificationsFr from './fr/notifications.json';
import organizationsFr from './fr/organizations.json';
import profileFr from './fr/profile.json';
import quizAccessFr from './fr/quiz-access.json';
import quizzesFr from './fr/quizzes.json';
import settingsFr from './fr/settings.json';
import timeTrackingFr from './fr/time-tracking.json';

export const resources = {
  fr: {
    achievements: achievementsFr,
    admin: adminFr,
    auth: authFr,
    common: commonFr,
    connectionLogs: connectionLogsFr,
    courses: coursesFr,
    dashboard: dashboardFr,
    errors: errorsFr,
    exercises: exercisesFr,
    help: helpFr,
    learning: learningFr,
    legal: legalFr,
    navigation: navigationFr,
    notifications: notificationsFr,
    organizations: organizationsFr,
    profile: profileFr,
    quizAccess: quizAccessFr,
    quizzes: quizzesFr,
    settings: settingsFr,
    timeTracking: timeTrackingFr,
  },
  en: {
    achievements: achievementsEn,
    admin: adminEn,
    auth: authEn,
    common: commonEn,
    connectionLogs: connectionLogsEn,
    courses: coursesEn,
    dashboard: dashboardEn,
    errors: errorsEn,
    exercises: exercisesEn,
    help: helpEn,
    learning: learningEn,
    legal: legalEn,
    navigation: navigationEn,
    notifications: notificationsEn,
    organizations: organizationsEn,
    profile: profileEn,
    quizAccess: quizAccessEn,
    quizzes: quizzesEn,
    settings: settingsEn,
    timeTracking: timeTrackingEn,
  },
} as const;
