// How an error code becomes a Problem lives in src/core/problems.ts, where the client's MSW
// handlers read it too, so that theirs are the backend's.
export * from '../../core/problems';
