export * from './auth';
export * from './companies';
export * from './reference';
