/** Whose page it is: a learner writes to trainers, a trainer (or admin) to learners. */
export type MessagesSpace = 'student' | 'trainer';
