import { describe, expect, it } from 'vitest';
import {
  derivePackageName,
  toArtifactId,
  toClassName,
  validateArtifactId,
  validateClassName,
  validateGroupId,
  validatePackageName,
} from '../../generators/_core/names.js';

describe('validatePackageName', () => {
  it('accepts ordinary packages', () => {
    expect(validatePackageName('com.example.demo')).toBeUndefined();
    expect(validatePackageName('io.agentscope_app.v2')).toBeUndefined();
  });
  it('rejects a keyword segment and suggests a trailing underscore', () => {
    const p = validatePackageName('com.example.class');
    expect(p?.message).toContain('"class" is a Java keyword');
    expect(p?.suggestion).toBe('com.example.class_');
  });
  it('rejects a leading digit and suggests a leading underscore', () => {
    const p = validatePackageName('com.3d.app');
    expect(p?.message).toContain('"3d" starts with a digit');
    expect(p?.suggestion).toBe('com._3d.app');
  });
  it('rejects a hyphen and suggests an underscore', () => {
    const p = validatePackageName('com.my-co.app');
    expect(p?.message).toContain('contains a hyphen');
    expect(p?.suggestion).toBe('com.my_co.app');
  });
  it('fixes several problems at once, and the suggestion validates', () => {
    const p = validatePackageName('com.int.9lives.my-app');
    expect(p?.suggestion).toBe('com.int_._9lives.my_app');
    expect(validatePackageName(p!.suggestion!)).toBeUndefined();
  });
  it('rejects empty segments', () => {
    expect(validatePackageName('com..example')?.message).toContain('empty segment');
    expect(validatePackageName('')?.message).toContain('empty');
  });
});

describe('derivations', () => {
  it('derives the base package from groupId + artifactId', () => {
    expect(derivePackageName('com.example', 'my-agent')).toBe('com.example.myagent');
    expect(derivePackageName('org.acme', 'switch')).toBe('org.acme.switch_');
    expect(derivePackageName('com.example', '2fast')).toBe('com.example._2fast');
  });
  it('turns free text into class names', () => {
    expect(toClassName('weather tool')).toBe('WeatherTool');
    expect(toClassName('weather-tool')).toBe('WeatherTool');
    expect(toClassName('weatherTool')).toBe('WeatherTool');
    expect(toClassName('3d printer')).toBe('My3dPrinter');
  });
  it('turns a directory name into an artifactId', () => {
    expect(toArtifactId('My Agent!')).toBe('my-agent');
    expect(toArtifactId('myAgentApp')).toBe('my-agent-app');
    expect(toArtifactId('--x--')).toBe('x');
  });
});

describe('class names, artifactId, groupId', () => {
  it('validates class names with suggestions', () => {
    expect(validateClassName('WeatherTool')).toBeUndefined();
    expect(validateClassName('weatherTool')?.suggestion).toBe('WeatherTool');
    expect(validateClassName('weather-tool')?.suggestion).toBe('WeatherTool');
    expect(validateClassName('class')?.message).toContain('reserved');
    expect(validateClassName('record')?.message).toContain('reserved');
    expect(validateClassName('1Tool')?.message).toContain('not a Java identifier');
  });
  it('validates artifactIds', () => {
    expect(validateArtifactId('my-agent')).toBeUndefined();
    expect(validateArtifactId('My Agent')?.suggestion).toBe('my-agent');
    expect(validateArtifactId('-x')?.message).toContain('invalid artifactId');
  });
  it('validates groupIds', () => {
    expect(validateGroupId('com.example')).toBeUndefined();
    expect(validateGroupId('com..example')?.message).toContain('invalid groupId');
    expect(validateGroupId('Com.Ex ample')?.suggestion).toBe('com.ex-ample');
  });
});

describe('non-ASCII names (issue 12, item 4)', () => {
  it('folds Latin accents instead of dropping the letter', () => {
    expect(toArtifactId('über')).toBe('uber');
    expect(toArtifactId('Ärger-Bot')).toBe('arger-bot');
    expect(toArtifactId('café crème')).toBe('cafe-creme');
    expect(toArtifactId('Straße')).toBe('strasse');
  });
  it('leaves nothing of scripts it cannot transliterate (the CLI then says so)', () => {
    expect(toArtifactId('日本語')).toBe('');
    expect(toArtifactId('北京agent')).toBe('agent');
  });
});
