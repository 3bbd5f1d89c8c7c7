/**
 * `npm run bench:writers -w bench [-- --writers 32 --writes 20 --rounds 3 --sqlite-only --postgres-only]`
 *
 * The writers figure of issue 32 alone (writer-figures.ts; `npm run bench -- --only writers` prints
 * the same rows in the bench's table): concurrent writers of one plant over HTTP beside the raw
 * driver doing the same transactional work, on SQLite and on PostgreSQL (when a server answers).
 */
import { parseArgs } from 'node:util';
import { postgresAnswers, writerFigures } from './writer-figures';
import { formatTable } from './stats';

const { values } = parseArgs({
  options: {
    writers: { type: 'string', default: '32' },
    writes: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '3' },
    'sqlite-only': { type: 'boolean', default: false },
    'postgres-only': { type: 'boolean', default: false },
  },
});

async function main() {
  const common = { writers: Number(values.writers), writes: Number(values.writes), rounds: Number(values.rounds), log: console.log };
  const figures = [];
  if (!values['postgres-only']) figures.push(...(await writerFigures({ ...common, kind: 'sqlite' })).figures);
  if (!values['sqlite-only']) {
    if (await postgresAnswers()) figures.push(...(await writerFigures({ ...common, kind: 'postgres' })).figures);
    else console.log('PostgreSQL skipped: no server answers');
  }
  console.log(`\n${formatTable(figures)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
