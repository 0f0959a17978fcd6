// The format lives in src/core/date-time-format.ts, where the client's MSW handlers read it too.
export * from '../../core/date-time-format';
