/**
 * The one way to the service: `callService` with an endpoint's path, body and reader. Each
 * endpoint's wire types, encoder and reader are in endpoints/.
 */
export * from './codec';
export * from './json-content';
export * from './compressed';
export * from './endpoints/balance';
export * from './endpoints/send';
export * from './endpoints/voice';
export * from './failure';
export * from './read';
export * from './service';
export type * from './wire';
export * from './endpoints/profile';
export * from './endpoints/report';
export * from './endpoints/scheduled';
export * from './profileCache';
