/** The data layer: typed, validated reads of the Financial Events API v3 through the app's proxy. */
export * from './schemas.ts';
export * from './client.ts';
export * from './pagination.ts';
export * from './params.ts';
export * from './companies.ts';
export * from './events.ts';
export * from './event-types.ts';
export * from './audio.ts';
export * from './live.ts';
export * from './documents.ts';
export * from './document-types.ts';
export * from './query-client.ts';
