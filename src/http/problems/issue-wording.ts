// The wording lives in src/core/issue-wording.ts, where the client's MSW handlers read it too.
export * from '../../core/issue-wording';
