/** Issue 12, item 13: `create` makes a git repository with a first commit; --no-git skips it. */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanup, cli, tempDir } from './helpers.js';

afterAll(cleanup);

// A fixed identity, so the first commit is made whatever the machine's git config says.
const ID = { GIT_AUTHOR_NAME: 'T', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 'T', GIT_COMMITTER_EMAIL: 't@example.com', GIT_CONFIG_NOSYSTEM: '1' };
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, ...ID } }).trim();

describe('create and git', () => {
  it('initialises a repository with every generated file in a first commit', async () => {
    const cwd = tempDir();
    const r = await cli(cwd, ['create', 'app', '--yes'], ID);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('git: initialised a repository with a first commit');
    const root = join(cwd, 'app');
    expect(git(root, 'log', '--format=%s')).toBe('Initial commit from agentscope create');
    expect(git(root, 'status', '--porcelain')).toBe('');
    expect(git(root, 'ls-files')).toContain('pom.xml');
    // the files went into one pack (bulk check-in); the repository is sound
    expect(git(root, 'fsck', '--strict', '--no-dangling')).toBe('');
    const blobs = new Set(git(root, 'ls-files', '-s').split('\n').map((l) => l.split(' ')[1]));
    expect(Number(/in-pack: (\d+)/.exec(git(root, 'count-objects', '-v'))?.[1])).toBeGreaterThanOrEqual(blobs.size);
  });

  it('tracks .agentscope/project.json and ignores the agent\'s runtime workspace beside it', async () => {
    const cwd = tempDir();
    const r = await cli(cwd, ['create', 'app', '--yes', '--agent', 'harness'], ID);
    expect(r.code, r.err).toBe(0);
    const root = join(cwd, 'app');
    expect(git(root, 'ls-files')).toContain('.agentscope/project.json');
    // what HarnessAgent writes when Main runs in the project root (its default workspace)
    mkdirSync(join(root, '.agentscope', 'workspace', 'memory'), { recursive: true });
    writeFileSync(join(root, '.agentscope', 'workspace', 'memory', 'notes.md'), 'x');
    expect(git(root, 'status', '--porcelain')).toBe('');
  });

  it('without an identity it initialises and leaves the commit to the user', async () => {
    const cwd = tempDir();
    const home = join(cwd, 'home');
    mkdirSync(home);
    const r = await cli(cwd, ['create', 'app', '--yes'], { HOME: home, XDG_CONFIG_HOME: home, GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: '', GIT_COMMITTER_NAME: '', GIT_AUTHOR_EMAIL: '', GIT_COMMITTER_EMAIL: '', EMAIL: '' });
    expect(r.code, r.err).toBe(0);
    expect(existsSync(join(cwd, 'app', '.git'))).toBe(true);
    expect(r.out).toMatch(/git: initialised a repository( with a first commit|; commit it yourself)/);
  });

  it('without git on the PATH the project is written and git is not mentioned', async () => {
    const cwd = tempDir();
    const r = await cli(cwd, ['create', 'app', '--yes'], { ...ID, PATH: join(cwd, 'no-bin') });
    expect(r.code, r.err).toBe(0);
    expect(existsSync(join(cwd, 'app', 'pom.xml'))).toBe(true);
    expect(existsSync(join(cwd, 'app', '.git'))).toBe(false);
    expect(r.out).not.toContain('git:');
  });

  it('a target deep inside a repository is left alone too', async () => {
    const cwd = tempDir();
    git(cwd, 'init', '-q');
    mkdirSync(join(cwd, 'a', 'b'), { recursive: true });
    const r = await cli(join(cwd, 'a', 'b'), ['create', 'deep', '--yes'], ID);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('git: the project is inside an existing repository; nothing initialised');
    expect(existsSync(join(cwd, 'a', 'b', 'deep', '.git'))).toBe(false);
  });

  it('--no-git and a target inside a repository leave git alone', async () => {
    const cwd = tempDir();
    const off = await cli(cwd, ['create', 'plain', '--yes', '--no-git'], ID);
    expect(off.code, off.err).toBe(0);
    expect(existsSync(join(cwd, 'plain', '.git'))).toBe(false);
    git(cwd, 'init', '-q');
    const inner = await cli(cwd, ['create', 'inner', '--yes'], ID);
    expect(inner.out).toContain('git: the project is inside an existing repository; nothing initialised');
    expect(existsSync(join(cwd, 'inner', '.git'))).toBe(false);
  });
});
