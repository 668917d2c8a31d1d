import { type RunningNginx, nginxBinary, startNginx } from '../../tests/helpers/nginx.js';
import { type ServerProcess, childPids, cpuMsOf, freePort, startShop } from '../lib/proc.js';
import { type Figures, type Scenario, type Target, measure, targetOf } from '../lib/load.js';
import { fmt, table } from '../lib/report.js';

/**
 * The cluster rows of `npm run bench -- api --postgres`: three shop processes on the 100k
 * PostgreSQL catalogue behind nginx (the repository's deploy/nginx.conf, started the way
 * tests/api/cluster-nginx.test.ts starts it) beside the one process the part measured direct, a
 * few reads in the same mirrored rounds (measure). Only on PostgreSQL: a SQLite file belongs to
 * one process.
 */

/** Reads, hot and varied, that a balancer would see most: lists, categories, search, products. */
const CLUSTER_KEYS = ['list-hot', 'category-varied', 'search-varied', 'product-varied'];

const NOT_SCALING =
  'On this two-core machine the three processes share the same two cores as the one (with autocannon and PostgreSQL beside them), so the ratio shows what the balancer costs, not how the shop scales.';

export interface ClusterResult {
  markdown: string;
  /** Non-2xx answers and socket errors through nginx and direct. */
  errors: number;
}

export async function clusterRows(
  appDir: string,
  catalogue: { dataDir: string; databaseUrl: string; direct: ServerProcess; scenarios: Scenario[] },
  seconds: number,
): Promise<ClusterResult | undefined> {
  const scenarios = catalogue.scenarios.filter((scenario) => CLUSTER_KEYS.includes(scenario.key));
  if (scenarios.length === 0) return undefined;
  if (!nginxBinary()) {
    console.log('\nthree processes behind nginx: skipped, nginx is not installed');
    return { markdown: '**Three processes behind nginx**: skipped, nginx is not installed (Debian: nginx-light).', errors: 0 };
  }
  console.log('\nthree processes behind nginx on the 100k PostgreSQL catalogue: starting…');
  const nginxPort = await freePort();
  // One shop, as docs/deploy.md runs it: the same database, and the catalogue's DATA_DIR (its
  // jwt-secret, uploads and outbox) for all three, so that any of them answers for the others.
  const env = {
    SEED_DEMO: 'false',
    DATABASE_URL: catalogue.databaseUrl,
    PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
    TRUST_PROXY: '1',
  };
  const shops: ServerProcess[] = [];
  const start = async () => {
    shops.push(await startShop(appDir, catalogue.dataDir, env));
  };
  let nginx: RunningNginx | undefined;
  // nginx is not one of proc.ts's tracked children (which get SIGKILL, leaving its worker behind):
  // SIGTERM to the master on exit takes the worker down with it.
  const stopNginxOnExit = () => nginx?.child.kill('SIGTERM');
  process.on('exit', stopNginxOnExit);
  try {
    // The first would migrate; the others start together after it, as in the cluster test.
    await start();
    await Promise.all([start(), start()]);
    nginx = await startNginx({ listenPort: nginxPort, upstreamPorts: shops.map((shop) => shop.port) });
    const nginxPids = [nginx.child.pid!, ...childPids(nginx.child.pid!)];
    const shopPids = shops.map((shop) => shop.child.pid!);
    const cluster: Target = { url: nginx.baseUrl, pids: [...shopPids, ...nginxPids] };
    const direct = targetOf(catalogue.direct);
    const cpu = (pids: number[]) => pids.map((pid) => cpuMsOf(pid));
    const shopsBefore = cpu(shopPids);
    const nginxBefore = cpu(nginxPids);

    const rows: (string | number)[][] = [];
    let errors = 0;
    for (const scenario of scenarios) {
      const [one, three] = (await measure(
        [
          { label: '1 direct', server: direct, scenario },
          { label: '3 via nginx', server: cluster, scenario },
        ],
        seconds,
      )) as [Figures, Figures];
      errors += one.non2xx + one.errors + three.non2xx + three.errors;
      const notes = [one.statuses && `direct ${one.statuses}`, three.statuses && `nginx ${three.statuses}`]
        .filter(Boolean)
        .join('; ');
      rows.push([
        `${scenario.endpoint} (${scenario.kind})`,
        fmt.int(one.rps),
        one.p50,
        one.p99,
        one.cpuMs.toFixed(2),
        fmt.int(three.rps),
        three.p50,
        three.p99,
        three.cpuMs.toFixed(2),
        fmt.ratio(three.rps / one.rps),
        one.cpuMs > 0 ? fmt.ratio(three.cpuMs / one.cpuMs) : '–',
        notes,
      ]);
    }
    // Over all the cluster's rounds (warm-ups too): how evenly nginx spread the work, and its own share.
    const shopSeconds = cpu(shopPids).map((after, index) => (after - shopsBefore[index]!) / 1000);
    const nginxSeconds = cpu(nginxPids).reduce((sum, after, index) => sum + after - nginxBefore[index]!, 0) / 1000;
    const total = shopSeconds.reduce((sum, s) => sum + s, 0) + nginxSeconds;
    const split = `CPU of the cluster over its runs: the three processes ${shopSeconds.map((s) => s.toFixed(1)).join(' / ')} s, nginx ${nginxSeconds.toFixed(1)} s (${total > 0 ? ((nginxSeconds / total) * 100).toFixed(0) : '0'} %).`;
    console.log(`  ${split}`);
    const markdown = [
      `**Three processes behind nginx** on the 100k catalogue: three more shop processes on the same database and DATA_DIR, nginx (one worker, the repository's deploy/nginx.conf with its ports replaced: upstream keepalive 64, access log buffered) in front, against the one process above direct; per row a warm-up on each, then ${seconds} s rounds mirrored as above. ${NOT_SCALING}`,
      '',
      table(
        [
          'endpoint (100k)',
          '1 process direct req/s',
          'p50 ms',
          'p99 ms',
          'CPU ms/req',
          '3 processes behind nginx req/s',
          'p50 ms',
          'p99 ms',
          'CPU ms/req',
          'nginx÷direct',
          'CPU nginx÷direct',
          'notes',
        ],
        rows,
        ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l'],
      ),
      '',
      `*nginx÷direct* is requests/s through nginx ÷ direct; *CPU nginx÷direct* the same by CPU per request, which for the cluster is the three processes' and nginx's (master and worker) summed. PostgreSQL's own processes are counted in neither. ${split}`,
    ].join('\n');
    return { markdown, errors };
  } finally {
    await nginx?.stop();
    process.off('exit', stopNginxOnExit);
    await Promise.all(shops.map((shop) => shop.stop()));
  }
}
