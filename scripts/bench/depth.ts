export async function runDepth(_options: {
  storeKind: 'sqlite' | 'postgres';
  databaseUrl: string | undefined;
  runs: number;
  outDir: string;
  log: (line: string) => void;
}): Promise<string> {
  throw new Error('not yet');
}
