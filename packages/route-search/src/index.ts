export { paretoFront } from './pareto';
export { MAX_CANDIDATES, RouteSearch, RouteSearchError } from './route-search';
export { DEFAULT_MAX_CONNECTION_MINUTES, DEFAULT_MAX_TRIP_MINUTES, DEFAULT_MCT_MINUTES } from './rules';
export { fromEpochMinutes, toEpochMinutes } from './time';
export { type IndexMemory, TimetableIndex } from './timetable-index';
export * from './types';
