/**
 * `create` makes the new project a git repository with a first commit, as Nx and Spring
 * Initializr's CLI do: only when git is installed and the target is not already inside a
 * work tree (a monorepo keeps its own history). Never fakes an identity: without
 * user.name/user.email the repository is initialised and the commit left to the user.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

export type GitInitOutcome = 'committed' | 'initialised' | 'inside-repository' | 'no-git' | 'failed';

function git(args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  return spawnSync('git', args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * Whether git has to be asked if `dir` is inside a work tree: only when a `.git` exists in `dir`
 * or above, or the environment points git elsewhere. Without either git cannot find a repository
 * (GIT_CEILING_DIRECTORIES and safe.directory only make it find less), so the usual case, a new
 * project outside any repository, costs no git process for the question.
 */
function mayBeInsideRepository(dir: string, env: NodeJS.ProcessEnv): boolean {
  if (env.GIT_DIR || env.GIT_WORK_TREE) return true;
  for (let d = dir; ; d = dirname(d)) {
    if (existsSync(join(d, '.git'))) return true;
    if (dirname(d) === d) return false;
  }
}

export function gitInit(dir: string, env: NodeJS.ProcessEnv, message: string): GitInitOutcome {
  if (mayBeInsideRepository(dir, env)) {
    const probe = git(['rev-parse', '--is-inside-work-tree'], dir, env);
    if (probe.error) return 'no-git';
    if (probe.status === 0 && probe.stdout.trim() === 'true') return 'inside-repository';
  }
  const init = git(['init', '-q'], dir, env);
  if (init.error) return 'no-git';
  if (init.status !== 0) return 'failed';
  // Every file straight into one pack (bulk check-in) instead of a loose object and a directory
  // each: on slow file systems the directories are most of `git add`'s time. No automatic
  // maintenance after the first commit: there is nothing to maintain yet.
  if (git(['-c', 'core.bigFileThreshold=1', 'add', '-A'], dir, env).status !== 0) return 'failed';
  const commit = git(['-c', 'maintenance.auto=false', 'commit', '-q', '--no-gpg-sign', '-m', message], dir, env);
  return commit.status === 0 ? 'committed' : 'initialised';
}
