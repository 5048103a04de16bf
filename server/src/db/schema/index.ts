export * from './auth';
export * from './companies';
export * from './flights';
export * from './jobs';
export * from './reference';
export * from './routing';
export * from './settings';
export * from './tariffs';
