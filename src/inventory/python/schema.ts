/**
 * The shape of the Python edition's inventory: the public modules, classes and functions of
 * one `agentscope` wheel, extracted with Python's `ast` (see extractor-script.ts).
 * Annotations and defaults are source text as written; lines are 1-based.
 */
export const PY_INVENTORY_FORMAT = 1;

/** The Python edition the manual documents beside the pinned Java version. */
export const PYTHON_EDITION_VERSION = '2.0.11';

interface PyParam {
  name: string;
  kind: 'posonly' | 'normal' | 'vararg' | 'kwonly' | 'kwarg';
  annotation?: string;
  default?: string;
}

export interface PyFunction {
  name: string;
  line: number;
  async?: true;
  decorators?: string[];
  params: PyParam[];
  returns?: string;
  doc?: string;
}

/** An annotated class-level name (dataclass / pydantic field). */
interface PyAttribute {
  name: string;
  line: number;
  annotation: string;
  default?: string;
}

export interface PyClass {
  name: string;
  line: number;
  bases?: string[];
  decorators?: string[];
  doc?: string;
  attributes?: PyAttribute[];
  methods: PyFunction[];
}

interface PyImport {
  /** The name bound in this module. */
  name: string;
  /** Absolute dotted module the name comes from (relative imports resolved). */
  from: string;
  orig: string;
}

export interface PyModule {
  /** Dotted name; a package's `__init__.py` has the package's name. */
  name: string;
  /** Path inside the wheel, e.g. agentscope/agent/_agent.py. */
  path: string;
  doc?: string;
  /** The literal `__all__`, when the module has one. */
  exports?: string[];
  imports?: PyImport[];
  classes: PyClass[];
  functions: PyFunction[];
}

export interface PyInventory {
  format: typeof PY_INVENTORY_FORMAT;
  package: string;
  version: string;
  wheel: { file: string; sha256: string };
  /** Sorted by name. */
  modules: PyModule[];
}

export interface PyManifest {
  format: typeof PY_INVENTORY_FORMAT;
  package: string;
  version: string;
  wheel: { file: string; sha256: string };
  counts: { modules: number; publicPackages: number; classes: number; functions: number; methods: number };
  /** sha256 of inventory.json as written (uncompressed). */
  inventorySha256: string;
}
