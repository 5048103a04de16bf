export * from './awb';
export * from './company';
export * from './constants';
export * from './errors';
export * from './permissions';
