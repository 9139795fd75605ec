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
        // the call's receiver a user type (a class of these sources extending or implementing an AgentScope type), the method AgentScope's or an override of it
        if (m != null && !(a instanceof WildcardTree) && apiOrOverride(m)) {
          TreePath init = new TreePath(getCurrentPath(), t.getInitializer());
          TypeMirror recv = mi.getMethodSelect() instanceof MemberSelectTree ms ? trees.getTypeMirror(new TreePath(new TreePath(init, ms), ms.getExpression())) : null;
          if (recv == null && mi.getMethodSelect() instanceof IdentifierTree) {
            TreePath p = getCurrentPath();
            while (p != null && !(p.getLeaf() instanceof ClassTree)) p = p.getParentPath();
            if (p != null) recv = trees.getTypeMirror(p);
          }
          if (recv != null && userType(recv)) site("inhvar", start(a), end(a), a.toString(), erased(recv), api(m) ? "inherited" : "overridden");
          // an AgentScope type's receiver (`agent.stream(..)` on an Agent): a user subtype can stand in for it
          else if (recv instanceof DeclaredType rd && api(rd.asElement()) && mi.getMethodSelect() instanceof MemberSelectTree ms && !(el(ms.getExpression()) instanceof TypeElement)
              && !m.getModifiers().contains(Modifier.STATIC) && !recv.toString().contains("?") && !recv.toString().contains("capture")) {
            String decl = subtype((TypeElement) rd.asElement(), recv.toString());
            if (decl != null) site("apirecv", start(a), end(a), a.toString(), start(ms.getExpression()), end(ms.getExpression()), decl);
          }
        }
      }
      return super.visitVariable(t, v);
    }

    /** A source (user) type: declared in the files compiled, not in the jars. */
    boolean userType(TypeMirror t) {
      return t instanceof DeclaredType dt && trees.getPath(dt.asElement()) != null;
    }

    /**
     * The body of a user subtype of te (`interface %s extends Agent {}`, `abstract class %s extends Base<X> { %s() { super((A) null); } }`,
     * %s the name), or null when te is final or a class without a public or protected constructor.
     */
    static String subtype(TypeElement te, String full) {
      if (te.getKind() == ElementKind.INTERFACE) return "interface %s extends " + full + " {}";
      if (te.getKind() != ElementKind.CLASS || te.getModifiers().contains(Modifier.FINAL) || te.getNestingKind() == NestingKind.MEMBER && !te.getModifiers().contains(Modifier.STATIC)) return null;
      for (Element x : te.getEnclosedElements()) {
        if (x.getKind() != ElementKind.CONSTRUCTOR || !(x.getModifiers().contains(Modifier.PUBLIC) || x.getModifiers().contains(Modifier.PROTECTED))) continue;
        StringBuilder args = new StringBuilder();
        for (VariableElement p : ((ExecutableElement) x).getParameters()) {
          TypeMirror pt = JavacTaskHolder.types.erasure(p.asType());
          if (args.length() > 0) args.append(", ");
          args.append(pt.getKind() == TypeKind.BOOLEAN ? "false" : pt.getKind().isPrimitive() ? "0" : "(" + pt + ") null");
        }
        String thrown = ((ExecutableElement) x).getThrownTypes().isEmpty() ? "" : " throws Exception";
        return "abstract class %s extends " + full + " { %s()" + thrown + " { super(" + args + "); } }";
      }
      return null;
    }

    /** m is an io.agentscope method of the jars, or a source method that overrides one. */
    boolean apiOrOverride(Element m) {
      if (!(m instanceof ExecutableElement x)) return false;
      if (api(x)) return true;
      ExecutableElement over = x.getEnclosingElement() instanceof TypeElement te ? overridden(x, te) : null;
      return over != null && api(over);
    }

    /** The functional interface method's result type with the target's type arguments, when the target is an AgentScope interface of the jars; null otherwise. */
    ExecutableType functionType(Tree t) {
      TypeMirror target = trees.getTypeMirror(getCurrentPath());
      if (!(target instanceof DeclaredType dt)) return null;
      // an AgentScope functional interface, or any functional interface an AgentScope method or constructor takes (`Function<Msg, Mono<Msg>>`)
      Tree parent = getCurrentPath().getParentPath().getLeaf();
      Element callee = parent instanceof MethodInvocationTree mi ? el(mi.getMethodSelect()) : parent instanceof NewClassTree nc ? trees.getElement(getCurrentPath().getParentPath()) : null;
      if (!api(dt.asElement()) && !(callee != null && api(callee))) return null;
      for (Element x : JavacTaskHolder.elements.getAllMembers((TypeElement) dt.asElement())) {
        if (x instanceof ExecutableElement m && m.getModifiers().contains(Modifier.ABSTRACT) && x.getEnclosingElement().getKind() == ElementKind.INTERFACE
            && !((TypeElement) x.getEnclosingElement()).getQualifiedName().contentEquals("java.lang.Object")
            && !List.of("equals", "hashCode", "toString").contains(m.getSimpleName().toString())) {
          TypeMirror mt = JavacTaskHolder.types.asMemberOf(dt, m);
          if (mt instanceof ExecutableType et && et.getReturnType().getKind() != TypeKind.VOID) return et;
        }
      }
      return null;
    }

    /** The values a lambda returns: its expression body, or the `return e;` of its block (not of nested lambdas or classes). */
    List<ExpressionTree> returned(LambdaExpressionTree t) {
      List<ExpressionTree> out = new ArrayList<>();
      if (t.getBody() instanceof ExpressionTree e) out.add(e);
      else new TreeScanner<Void, Void>() {
        @Override public Void visitReturn(ReturnTree r, Void v) { if (r.getExpression() != null) out.add(r.getExpression()); return null; }
        @Override public Void visitLambdaExpression(LambdaExpressionTree l, Void v) { return null; }
        @Override public Void visitClass(ClassTree c, Void v) { return null; }
      }.scan(t.getBody(), null);
      return out;
    }

    @Override
    public Void visitLambdaExpression(LambdaExpressionTree t, Void v) {
      ExecutableType ft = functionType(t);
      if (ft != null) {
        StringBuilder rs = new StringBuilder();
        for (ExpressionTree e : returned(t)) {
          // a returned static generic call (`Mono.just(x)`, `Flux.empty()`): where a type witness goes
          long witness = -1;
          if (e instanceof MethodInvocationTree mi && mi.getMethodSelect() instanceof MemberSelectTree ms && mi.getTypeArguments().isEmpty()
              && el(ms.getExpression()) instanceof TypeElement && el(ms) instanceof ExecutableElement x && !x.getTypeParameters().isEmpty()) {
            witness = end(ms) - ms.getIdentifier().length();
          }
          rs.append(start(e)).append(':').append(end(e)).append(':').append(witness).append(',');
        }
        site("lambda", start(t), end(t), erased(ft.getReturnType()), ft.getReturnType().toString().replace('\t', ' '), rs, t.getBodyKind());
      }
      return super.visitLambdaExpression(t, v);
    }

    @Override
    public Void visitMemberReference(MemberReferenceTree t, Void v) {
      ExecutableType ft = functionType(t);
      if (ft != null) site("mref", start(t), end(t), erased(ft.getReturnType()), ft.getReturnType().toString().replace('\t', ' '), ft.getParameterTypes().size());
      return super.visitMemberReference(t, v);
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
