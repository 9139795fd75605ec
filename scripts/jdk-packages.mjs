// The JDK packages the checker resolves names in (`import java.util.*;`): read by
// scripts/jdk-types.mjs (their types) and scripts/jdk-release.mjs (what JDK 17 lacks in them).
export const PACKAGES = [
  'java.io', 'java.math', 'java.net', 'java.nio', 'java.nio.charset', 'java.nio.file', 'java.nio.file.attribute', 'java.text',
  'java.time', 'java.time.format', 'java.time.temporal', 'java.util', 'java.util.concurrent', 'java.util.concurrent.atomic',
  'java.util.concurrent.locks', 'java.util.function', 'java.util.regex', 'java.util.stream', 'java.lang.reflect', 'java.lang.annotation',
];
