/**
 * What the test suite needs from the machine besides node_modules: PostgreSQL's server binaries (the
 * API tests start a throw-away cluster) and Chromium (the browser tests drive it with playwright-core).
 *
 *   node scripts/prerequisites.ts     check, install what is missing when root on Debian/Ubuntu, or exit 1
 *
 * `npm test` (scripts/test.ts) calls ensurePrerequisites() first.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const POSTGRES_BINARIES = ['initdb', 'pg_ctl', 'postgres'] as const;

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function pathDirs(): string[] {
  return (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
}

/** The first executable called `name` on PATH, if any. */
export function which(name: string): string | undefined {
  for (const dir of pathDirs()) {
    const candidate = path.join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

function hasPostgresServer(dir: string): boolean {
  return POSTGRES_BINARIES.every((bin) => isExecutable(path.join(dir, bin)));
}

/** Debian keeps each major version's server in /usr/lib/postgresql/<major>/bin; newest first. */
function debianPostgresDirs(): string[] {
  let versions: string[];
  try {
    versions = readdirSync('/usr/lib/postgresql');
  } catch {
    return [];
  }
  return versions
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a))
    .map((v) => `/usr/lib/postgresql/${v}/bin`);
}

/**
 * The directory holding PostgreSQL's server binaries (initdb, pg_ctl, postgres), looked for in
 * `pg_config --bindir`, /usr/lib/postgresql/<newest>/bin, then PATH. Undefined when not installed.
 */
export function findPostgresBinDir(): string | undefined {
  const candidates: string[] = [];
  const pgConfig = which('pg_config');
  if (pgConfig) {
    try {
      candidates.push(execFileSync(pgConfig, ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    } catch {
      // pg_config from a client-only package may fail or point at a directory without a server.
    }
  }
  candidates.push(...debianPostgresDirs(), ...pathDirs());
  return candidates.find((dir) => dir && hasPostgresServer(dir));
}

/**
 * How every test and benchmark starts Chromium: headless, without the sandbox a root container cannot
 * give it, and with the last five keeping it from reaching for Google's services, which this network refuses.
 * Through Playwright, add the features scripts/chromium-args.ts turns off (chromiumLaunchArgs).
 */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Chromium's executable: `CHROMIUM_PATH` when set, else /usr/bin/chromium (Debian) or chromium on PATH. */
export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return isExecutable(fromEnv) ? fromEnv : undefined;
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (isExecutable(candidate)) return candidate;
  }
  return which('chromium') ?? which('chromium-browser');
}

export class MissingPrerequisitesError extends Error {}

interface Missing {
  what: string;
  aptPackage: string;
}

function missingPrerequisites(): Missing[] {
  const missing: Missing[] = [];
  if (!findPostgresBinDir()) {
    missing.push({ what: 'PostgreSQL server (initdb, pg_ctl, postgres)', aptPackage: 'postgresql' });
  }
  if (!findChromium()) {
    const what = process.env.CHROMIUM_PATH
      ? `Chromium (CHROMIUM_PATH=${process.env.CHROMIUM_PATH} is not an executable file)`
      : 'Chromium (/usr/bin/chromium, or set CHROMIUM_PATH)';
    missing.push({ what, aptPackage: 'chromium' });
  }
  return missing;
}

function runLoud(command: string, args: string[]): void {
  console.log(`$ ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.error) throw new MissingPrerequisitesError(`${command} could not run: ${result.error.message}`);
  if (result.status !== 0) {
    throw new MissingPrerequisitesError(`${[command, ...args].join(' ')} failed with exit code ${result.status ?? result.signal}`);
  }
}

/**
 * Makes sure PostgreSQL's server binaries and Chromium are present. When something is missing and we
 * are root on a machine with apt-get, installs just that (`apt-get update` once, then
 * `apt-get install -y --no-install-recommends …`), printing each command. Otherwise throws a
 * MissingPrerequisitesError that says exactly what to install.
 */
export function ensurePrerequisites(): { postgresBinDir: string; chromium: string } {
  let missing = missingPrerequisites();
  if (missing.length > 0) {
    const packages = missing.map((m) => m.aptPackage);
    const list = missing.map((m) => `  - ${m.what}`).join('\n');
    const isRoot = process.getuid?.() === 0;
    const aptGet = which('apt-get');
    if (!isRoot || !aptGet) {
      const how = aptGet
        ? `Install them with:\n  sudo apt-get install -y ${packages.join(' ')}`
        : `Install them with your system's package manager (Debian/Ubuntu: sudo apt-get install -y ${packages.join(' ')}).`;
      throw new MissingPrerequisitesError(`The tests need these, which are not installed:\n${list}\n${how}`);
    }
    console.log(`Installing what the tests need and this machine lacks:\n${list}`);
    runLoud(aptGet, ['update']);
    runLoud(aptGet, ['install', '-y', '--no-install-recommends', ...packages]);
    missing = missingPrerequisites();
    if (missing.length > 0) {
      throw new MissingPrerequisitesError(`Still missing after apt-get install:\n${missing.map((m) => `  - ${m.what}`).join('\n')}`);
    }
  }
  // Both are known to exist now.
  return { postgresBinDir: findPostgresBinDir()!, chromium: findChromium()! };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const found = ensurePrerequisites();
    console.log(`PostgreSQL server binaries: ${found.postgresBinDir}`);
    console.log(`Chromium: ${found.chromium}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
