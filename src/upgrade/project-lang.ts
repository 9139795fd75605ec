import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseProvenance } from '../core/provenance.js';
import { PROJECT_FILE, type ProjectAnswers } from './answers.js';

type Lang = 'en' | 'zh';

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * The language a project was generated in, so a later `gen` writes its comments in it: the
 * language `create` recorded in .agentscope/project.json (else the last `gen`'s), else the one
 * of the README template named in README.md's @generated marker; undefined when neither says.
 */
export function projectLang(root: string): Lang | undefined {
  const recorded = readText(join(root, PROJECT_FILE));
  if (recorded !== undefined) {
    try {
      const a = JSON.parse(recorded) as Partial<ProjectAnswers>;
      const lang = a.create?.lang ?? (Array.isArray(a.gen) ? a.gen.at(-1)?.lang : undefined);
      if (lang === 'en' || lang === 'zh') return lang;
    } catch {
      // an unreadable project file says nothing here (gen reports it when it records its answers)
    }
  }
  const readme = readText(join(root, 'README.md'));
  const template = readme === undefined ? undefined : parseProvenance(readme)?.template;
  return template?.match(/README\.(en|zh)\.md/)?.[1] as Lang | undefined;
}
