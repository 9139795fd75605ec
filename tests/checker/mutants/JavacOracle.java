import com.sun.source.tree.*;
import com.sun.source.util.*;
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import javax.lang.model.element.*;
import javax.lang.model.type.*;
import javax.tools.*;

/**
 * The judge of the mutation study (tests/checker/mutants.test.ts): javac, in-process, so that
 * hundreds of single-file compilations share one JVM and one file manager.
 *
 *   java -cp CP JavacOracle.java sites LIST   each file of LIST (one path a line) on its own: "OK path" or its errors,
 *                                             then for the files javac accepts, the io.agentscope references javac
 *                                             attributed (one tab-separated line each, see Scanner below)
 *   java -cp CP JavacOracle.java compile LIST compiles each file of LIST on its own: "ERR path line message" lines, "DONE path"
 *
 * Offsets are char offsets into the file, as javac counts them (UTF-16 code units, like JS strings).
 */
public class JavacOracle {
  static final JavaCompiler JAVAC = ToolProvider.getSystemJavaCompiler();
  static StandardJavaFileManager fm;
  static final PrintStream OUT = new PrintStream(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16), false, StandardCharsets.UTF_8);

  public static void main(String[] args) throws Exception {
    fm = JAVAC.getStandardFileManager(null, Locale.ROOT, StandardCharsets.UTF_8);
    List<String> files = Files.readAllLines(Path.of(args[1]));
    Path out = Files.createTempDirectory("oracle-out");
    // every file is in a package of its own, so one compilation judges them all independently;
    // should-stop.ifError=FLOW keeps javac attributing every file after the first error
    List<String> opts = List.of("-proc:none", "-cp", System.getProperty("java.class.path"), "-d", out.toString(), "-Xlint:none", "-nowarn", "-Xmaxerrs", "1000000", "-XDshould-stop.ifError=FLOW");
    List<String> paths = files.stream().filter(f -> !f.isBlank()).toList();
    DiagnosticCollector<JavaFileObject> diags = new DiagnosticCollector<>();
    JavacTask task = (JavacTask) JAVAC.getTask(null, fm, diags, opts, null, fm.getJavaFileObjectsFromStrings(paths));
    Iterable<? extends CompilationUnitTree> units = task.parse();
    task.analyze();
    Set<String> failed = new HashSet<>();
    for (Diagnostic<? extends JavaFileObject> d : diags.getDiagnostics()) {
      if (d.getKind() != Diagnostic.Kind.ERROR || d.getSource() == null) continue;
      String f = Path.of(d.getSource().toUri()).toString();
      failed.add(f);
      OUT.println("ERR\t" + f + "\t" + d.getLineNumber() + "\t" + d.getMessage(Locale.ROOT).split("\n")[0]);
    }
    if (args[0].equals("sites")) {
      Trees trees = Trees.instance(task);
      JavacTaskHolder.elements = task.getElements();
      JavacTaskHolder.types = task.getTypes();
      for (CompilationUnitTree u : units) {
        String f = Path.of(u.getSourceFile().toUri()).toString();
        if (!failed.contains(f)) new Scanner(trees, u, f).scan(u, null);
      }
    }
    for (String f : paths) OUT.println("DONE\t" + f);
    OUT.flush();
    // the class files are never read: leave no folder behind
    try (var walk = Files.walk(out)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
    }
  }

  static boolean isAs(Element e) {
    while (e != null && !(e instanceof PackageElement)) e = e.getEnclosingElement();
    return e != null && ((PackageElement) e).getQualifiedName().toString().startsWith("io.agentscope.");
  }

  static String erased(TypeMirror t) {
    String s = t.toString();
    return s.replaceAll("<.*>", "");
  }

  /** Prints "SITE file kind start end name extra..." for every io.agentscope reference the mutants can edit. */
  static class Scanner extends TreePathScanner<Void, Void> {
    final Trees trees;
    final CompilationUnitTree unit;
    final SourcePositions pos;
    final String file;

    Scanner(Trees trees, CompilationUnitTree unit, String file) {
      this.trees = trees;
      this.unit = unit;
      this.pos = trees.getSourcePositions();
      this.file = file;
    }

    long start(Tree t) {
      return pos.getStartPosition(unit, t);
    }

    long end(Tree t) {
      return pos.getEndPosition(unit, t);
    }

    void site(String kind, long s, long e, String name, Object... extra) {
      StringBuilder b = new StringBuilder("SITE\t").append(file).append('\t').append(kind).append('\t').append(s).append('\t').append(e).append('\t').append(name);
      for (Object x : extra) b.append('\t').append(x);
      OUT.println(b);
    }

    /** An io.agentscope element of the released jars (not of the suite's helpers compiled from source). */
    boolean api(Element e) {
      return isAs(e) && trees.getPath(e instanceof TypeElement ? e : e.getEnclosingElement()) == null;
    }

    Element el(Tree t) {
      return trees.getElement(new TreePath(getCurrentPath(), t));
    }

    String args(List<? extends ExpressionTree> as) {
      StringBuilder b = new StringBuilder();
      for (ExpressionTree a : as) {
        TypeMirror t = trees.getTypeMirror(new TreePath(getCurrentPath(), a));
        b.append(start(a)).append(':').append(end(a)).append(':').append(t == null ? "?" : erased(t).replace(',', ';')).append(',');
      }
      return b.toString();
    }

    static String params(ExecutableElement m) {
      StringBuilder b = new StringBuilder();
      for (VariableElement p : m.getParameters()) b.append(erased(p.asType()).replace(',', ';')).append(',');
      return b.toString();
    }

    @Override
    public Void visitImport(ImportTree t, Void v) {
      if (!t.isStatic() && t.getQualifiedIdentifier() instanceof MemberSelectTree ms && !ms.getIdentifier().contentEquals("*")) {
        Element e = el(ms);
        if (e instanceof TypeElement && api(e)) site("import", start(t), end(t), ms.getIdentifier().toString());
      }
      return null; // names inside imports are not use sites
    }

    @Override
    public Void visitMethodInvocation(MethodInvocationTree t, Void v) {
      Element e = el(t.getMethodSelect());
      if (e instanceof ExecutableElement m && api(m)) {
        ExpressionTree sel = t.getMethodSelect();
        long nameEnd = end(sel);
        long nameStart = nameEnd - m.getSimpleName().length();
        String recv = "";
        if (sel instanceof MemberSelectTree ms) {
          Element re = el(ms.getExpression());
          boolean typeRecv = re instanceof TypeElement;
          recv = (typeRecv ? "type:" : "expr:") + start(ms.getExpression()) + ":" + end(ms.getExpression());
        }
        String owner = ((TypeElement) m.getEnclosingElement()).getQualifiedName().toString();
        boolean isStatic = m.getModifiers().contains(Modifier.STATIC);
        site("call", nameStart, nameEnd, m.getSimpleName().toString(), owner, isStatic, m.isVarArgs(), params(m), recv, end(t) - 1, args(t.getArguments()), erased(m.getReturnType()));
      }
      return super.visitMethodInvocation(t, v);
    }

    @Override
    public Void visitNewClass(NewClassTree t, Void v) {
      Element e = el(t);
      if (e instanceof ExecutableElement m && api(m) && t.getClassBody() == null) {
        String owner = ((TypeElement) m.getEnclosingElement()).getQualifiedName().toString();
        site("new", start(t.getIdentifier()), end(t.getIdentifier()), owner, m.isVarArgs(), params(m), end(t) - 1, args(t.getArguments()));
      }
      return super.visitNewClass(t, v);
    }

    @Override
    public Void visitMemberSelect(MemberSelectTree t, Void v) {
      Element e = el(t);
      if (e != null && e.getKind() == ElementKind.ENUM_CONSTANT && api(e)) site("enum", end(t) - t.getIdentifier().length(), end(t), t.getIdentifier().toString());
      return super.visitMemberSelect(t, v);
    }

    @Override
    public Void visitIdentifier(IdentifierTree t, Void v) {
      Element e = el(t);
      if (e instanceof TypeElement && api(e) && e.getEnclosingElement() instanceof PackageElement) {
        Tree parent = getCurrentPath().getParentPath().getLeaf();
        // a type in type position (not the receiver of a static call, whose mutants are "method typo" sites)
        String ctx = parent instanceof AnnotationTree ? "annotation" : parent instanceof MemberSelectTree ? "qualifier" : "type";
        site("typeref", start(t), end(t), t.getName().toString(), ctx);
      }
      return null;
    }

    @Override
    public Void visitAnnotation(AnnotationTree t, Void v) {
      Element e = el(t.getAnnotationType());
      if (e instanceof TypeElement a && api(a)) {
        StringBuilder els = new StringBuilder();
        for (ExpressionTree arg : t.getArguments()) {
          if (arg instanceof AssignmentTree as) {
            els.append(as.getVariable()).append(':').append(start(as)).append(':').append(end(as)).append(':').append(start(as.getExpression())).append(':').append(end(as.getExpression())).append(',');
          }
        }
        StringBuilder required = new StringBuilder();
        for (Element m : a.getEnclosedElements()) {
          if (m instanceof ExecutableElement x && x.getDefaultValue() == null) required.append(x.getSimpleName()).append(',');
        }
        Tree target = getCurrentPath().getParentPath().getParentPath().getLeaf();
        site("annotation", start(t), end(t), a.getSimpleName().toString(), target.getKind(), els, required);
      }
      return super.visitAnnotation(t, v);
    }

    @Override
    public Void visitVariable(VariableTree t, Void v) {
      if (t.getInitializer() instanceof MethodInvocationTree mi && t.getType() instanceof ParameterizedTypeTree pt && !pt.getTypeArguments().isEmpty()) {
        Element m = trees.getElement(new TreePath(new TreePath(getCurrentPath(), t.getInitializer()), mi.getMethodSelect()));
        Tree a = pt.getTypeArguments().get(0);
        if (m != null && api(m) && !(a instanceof WildcardTree)) site("genvar", start(a), end(a), a.toString());
      }
      return super.visitVariable(t, v);
    }

    @Override
    public Void visitMethod(MethodTree t, Void v) {
      Element e = el(t);
      if (e instanceof ExecutableElement m && !t.getName().contentEquals("<init>")) {
        TypeElement cls = (TypeElement) m.getEnclosingElement();
        ExecutableElement over = overridden(m, cls);
        if (over != null && api(over)) {
            // the name follows the return type
          long after = t.getReturnType() == null ? start(t) : end(t.getReturnType());
          boolean abstractOver = over.getModifiers().contains(Modifier.ABSTRACT);
          boolean concrete = !cls.getModifiers().contains(Modifier.ABSTRACT) && cls.getKind() != ElementKind.INTERFACE;
          boolean hasOverride = t.getModifiers().getAnnotations().stream().anyMatch(x -> x.getAnnotationType().toString().endsWith("Override"));
          site("override", after, end(t), m.getSimpleName().toString(), abstractOver && concrete, hasOverride, start(t), t.getParameters().isEmpty() ? -1 : start(t.getParameters().get(0).getType()), t.getParameters().isEmpty() ? -1 : end(t.getParameters().get(0).getType()));
        }
      }
      return super.visitMethod(t, v);
    }

    ExecutableElement overridden(ExecutableElement m, TypeElement cls) {
      javax.lang.model.util.Elements els = JavacTaskHolder.elements;
      javax.lang.model.util.Types types = JavacTaskHolder.types;
      Deque<TypeMirror> todo = new ArrayDeque<>(types.directSupertypes(cls.asType()));
      Set<String> seen = new HashSet<>();
      while (!todo.isEmpty()) {
        TypeMirror st = todo.pop();
        if (!(st instanceof DeclaredType dt)) continue;
        TypeElement te = (TypeElement) dt.asElement();
        if (!seen.add(te.getQualifiedName().toString())) continue;
        for (Element x : te.getEnclosedElements()) {
          if (x instanceof ExecutableElement c && c.getSimpleName().equals(m.getSimpleName()) && els.overrides(m, c, cls)) return c;
        }
        todo.addAll(types.directSupertypes(st));
      }
      return null;
    }
  }

  static class JavacTaskHolder {
    static javax.lang.model.util.Elements elements;
    static javax.lang.model.util.Types types;
  }
}
