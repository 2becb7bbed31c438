export * from './auth.ts';
export * from './common.ts';
export * from './constants.ts';
export * from './errors.ts';
export * from './organizations.ts';
export * from './password.ts';
export * from './permissions.ts';
export * from './roles.ts';
