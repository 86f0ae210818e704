import { describe, expect, it } from 'vitest';
import { ensureBuild, ensurePrograms, installHint, type BuildCheckDeps, type ProgramSetupDeps } from './helpers/environment';

const CHROMIUM = '/usr/bin/chromium';
const FIREFOX = '/usr/bin/firefox-esr';
const PROGRAMS = [
  { path: CHROMIUM, name: 'chromium' },
  { path: FIREFOX, name: 'firefox-esr' },
];
const CHROMIUM_INSTALL_HINT = 'sudo apt-get update && sudo apt-get install -y chromium';
/** Chromium alone, as the e2e run needs it first. */
const ensureChromium = (deps: ProgramSetupDeps, path: string) => ensurePrograms(deps, [{ path, name: 'chromium' }]);

/** A machine without Chromium whose apt-get (when allowed) installs it, unless told to fail. */
function machine(options: { root: boolean; aptGet: boolean; failOn?: string; installs?: boolean }) {
  const files = new Set<string>();
  const ran: string[] = [];
  const logged: string[] = [];
  const deps: ProgramSetupDeps = {
    exists: (path) => files.has(path),
    isRoot: () => options.root,
    which: (command) => (command === 'apt-get' && options.aptGet ? '/usr/bin/apt-get' : undefined),
    run(command, args) {
      const line = `${command} ${args.join(' ')}`;
      ran.push(line);
      if (options.failOn && line.includes(options.failOn)) return { ok: false, reason: 'exit code 100' };
      if (args[0] === 'install' && options.installs !== false)
        for (const name of args.slice(2)) files.add(PROGRAMS.find((program) => program.name === name)!.path);
      return { ok: true };
    },
    log: (message) => logged.push(message),
  };
  return { deps, ran, logged, files };
}

describe('finding the browser before the e2e run', () => {
  it('does nothing when Chromium is already installed', () => {
    const { deps, ran, files } = machine({ root: true, aptGet: true });
    files.add(CHROMIUM);
    ensureChromium(deps, CHROMIUM);
    expect(ran).toEqual([]);
  });

  it('installs Chromium with apt-get, update first, and says what it is doing', () => {
    const { deps, ran, logged } = machine({ root: true, aptGet: true });
    ensureChromium(deps, CHROMIUM);
    expect(ran).toEqual(['/usr/bin/apt-get update', '/usr/bin/apt-get install -y chromium']);
    expect(logged).toEqual(
      expect.arrayContaining([
        expect.stringContaining('installing'),
        '[e2e] $ /usr/bin/apt-get update',
        '[e2e] $ /usr/bin/apt-get install -y chromium',
      ]),
    );
  });

  it('stops with the exact install command when it is not root', () => {
    const { deps, ran } = machine({ root: false, aptGet: true });
    expect(() => ensureChromium(deps, CHROMIUM)).toThrow(CHROMIUM_INSTALL_HINT);
    expect(ran).toEqual([]);
    expect(installHint(['chromium'])).toBe(CHROMIUM_INSTALL_HINT);
  });

  it('stops with the exact install command when there is no apt-get', () => {
    const { deps } = machine({ root: true, aptGet: false });
    expect(() => ensureChromium(deps, CHROMIUM)).toThrow(CHROMIUM_INSTALL_HINT);
  });

  it('stops with the install command when apt-get fails, without trying to install after a failed update', () => {
    const { deps, ran } = machine({ root: true, aptGet: true, failOn: 'update' });
    expect(() => ensureChromium(deps, CHROMIUM)).toThrow(/apt-get update` failed \(exit code 100\)[\s\S]*sudo apt-get/);
    expect(ran).toEqual(['/usr/bin/apt-get update']);
  });

  it('installs every missing browser in one apt-get call, and nothing already there', () => {
    const { deps, ran, files } = machine({ root: true, aptGet: true });
    files.add(CHROMIUM);
    ensurePrograms(deps, PROGRAMS);
    expect(ran).toEqual(['/usr/bin/apt-get update', '/usr/bin/apt-get install -y firefox-esr']);
    expect(files.has(FIREFOX)).toBe(true);
    expect(installHint(['firefox-esr', 'xvfb'])).toBe('sudo apt-get update && sudo apt-get install -y firefox-esr xvfb');
  });

  it('stops when apt-get succeeds but the browser is still not there', () => {
    const { deps } = machine({ root: true, aptGet: true, installs: false });
    expect(() => ensureChromium(deps, CHROMIUM)).toThrow(/still missing[\s\S]*sudo apt-get install -y chromium/);
  });
});

describe('checking the build before the e2e run', () => {
  const build = (size: number | undefined, builtAt = 2000, sourcesAt = 1000) => {
    const warnings: string[] = [];
    const deps: BuildCheckDeps = {
      size: () => size,
      mtime: () => builtAt,
      newestMtime: () => sourcesAt,
      warn: (message) => warnings.push(message),
    };
    return { deps, warnings };
  };

  it('asks for `npm run build` when dist/widget.js is missing or empty', () => {
    expect(() => ensureBuild(build(undefined).deps, 'dist/widget.js', 'src')).toThrow(/does not exist[\s\S]*npm run build/);
    expect(() => ensureBuild(build(0).deps, 'dist/widget.js', 'src')).toThrow(/is empty[\s\S]*npm run build/);
  });

  it('accepts a fresh build quietly and warns about a stale one', () => {
    const fresh = build(1234);
    ensureBuild(fresh.deps, 'dist/widget.js', 'src');
    expect(fresh.warnings).toEqual([]);

    const stale = build(1234, 1000, 2000);
    ensureBuild(stale.deps, 'dist/widget.js', 'src');
    expect(stale.warnings).toEqual([expect.stringContaining('npm run build')]);
  });
});
