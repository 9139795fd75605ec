import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * AS023: catch clauses javac rejects. A catch of a checked exception that nothing in the try block
 * throws ("is never thrown in body of corresponding try statement"), judged only where every call in
 * the block is known with its throws clause; a catch after one of a superclass ("has already been
 * caught"); multi-catch alternatives related by subclassing. javac decides: the lines tagged
 * `// error` are the ones it rejects and check reports them; the other catches compile.
 */
test('catch clauses: never thrown, already caught (flow), javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Catches.java': `package demo;

import io.agentscope.core.message.Msg;
import io.agentscope.core.tool.Toolkit;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;

public class Catches {
    void never(Msg msg, List<Msg> memory, Toolkit toolkit) {
        try { memory.add(msg); } catch (IOException ex) { throw new RuntimeException(ex); } // error
        try { msg.getTextContent(); } catch (java.util.concurrent.TimeoutException ex) { // error
            throw new RuntimeException(ex);
        }
        try {
            memory.clear();
        } catch (InterruptedException e) { // error
            Thread.currentThread().interrupt();
        }
        try { own(); } catch (TimeoutException e) { } // error
        try { toolkit.getToolNames(); } catch (FileNotFoundException e) { } // error
    }

    void own() {
    }

    void ioOwn() throws FileNotFoundException {
    }

    void ioSuper() throws Exception {
    }

    void compiles(Msg msg, Path path, CompletableFuture<Msg> f, Object unknown) {
        try { Files.readString(path); } catch (IOException e) { }
        try { Files.readString(path); } catch (FileNotFoundException e) { } catch (IOException e) { }
        try { ioOwn(); } catch (IOException e) { }
        try { ioSuper(); } catch (IOException e) { } catch (Exception e) { }
        try { msg.getTextContent(); } catch (Exception e) { }
        try { msg.getTextContent(); } catch (Throwable e) { }
        try { msg.getTextContent(); } catch (RuntimeException e) { }
        try { msg.getTextContent(); } catch (IllegalStateException | NullPointerException e) { }
        try { f.get(); } catch (InterruptedException | java.util.concurrent.ExecutionException e) { }
        try { Thread.sleep(10); } catch (InterruptedException e) { }
        try { unknown.wait(); } catch (InterruptedException e) { }
        try { if (msg == null) throw new IOException("none"); } catch (IOException e) { }
        try { if (msg == null) throw new FileNotFoundException("none"); } catch (IOException e) { }
        try { Callable<String> c = () -> { throw new IOException(); }; } catch (RuntimeException e) { }
    }

    void unknownCalls(Helper h) {
        try { h.load(); } catch (IOException e) { }
        try { Helper.other(); } catch (TimeoutException e) { }
    }

    void rethrow(Msg msg) throws Exception {
        try {
            try { Files.readString(Path.of("x")); } catch (IOException e) { throw e; }
        } catch (IOException e) { }
    }

    void resource() {
        try (java.io.StringReader r = new java.io.StringReader("x")) {
            r.ready();
        } catch (IOException e) { }
    }

    void caught(Path path) {
        try { Files.readString(path); } catch (Exception e) { } catch (IOException e) { } // error
        try { Files.readString(path); } catch (IOException e) { } catch (FileNotFoundException e) { } // error
        try { Files.readString(path); } catch (RuntimeException e) { } catch (IllegalStateException e) { } // error
    }
}
`, 'Helper.java': `package demo;

class Helper extends Base {
    static void other() throws java.util.concurrent.TimeoutException {
    }
}
`, 'Base.java': `package demo;

class Base {
    void load() throws java.io.IOException {
    }
}
` });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
});

/** Multi-catch alternatives related by subclassing (attribution): at the later alternative. */
test('multi-catch alternatives related by subclassing: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Multi.java': `package demo;

import io.agentscope.core.message.Msg;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

public class Multi {
    void f(Msg msg, Path path) {
        try {
            System.out.println(msg.getTextContent());
        } catch (Exception | RuntimeException e) { // error
            throw new IllegalStateException(e);
        }
        try { Files.readString(path); } catch (IOException | FileNotFoundException e) { } // error
        try { Files.readString(path); } catch (FileNotFoundException
                | IOException e) { } // error
        try { Integer.parseInt("1"); } catch (NumberFormatException | IllegalArgumentException e) { } // error
        try { Files.readString(path); } catch (IOException | IllegalStateException e) { }
        try { Files.readString(path); } catch (java.nio.file.NoSuchFileException | FileNotFoundException e) { } catch (IOException e) { }
    }
}
` });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
});

/**
 * What creations and JDK calls may throw: `new Tools()` of a source class without constructors and
 * `new ArrayList<>()` throw nothing, so a TimeoutException or IOException caught around them is never
 * thrown; a source constructor's throws clause, `String.getBytes(charsetName)` and
 * `Optional.orElseThrow(IOException::new)` do throw, so those catches compile.
 */
test('catch clauses around creations and JDK calls: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Never.java': `package demo;

import io.agentscope.core.tool.Toolkit;
import java.io.IOException;
import java.io.UnsupportedEncodingException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeoutException;

public class Never {
    static class Tools {
        public String hello() { return "hi"; }
    }

    static class Loader {
        Loader() throws IOException {}
    }

    void register(Toolkit toolkit) {
        try { toolkit.registerTool(new Tools()); } catch (TimeoutException ex) { throw new RuntimeException(ex); } // error
    }

    void load() {
        try { new Loader(); } catch (IOException ex) { throw new RuntimeException(ex); }
    }

    byte[] bytes(String s) {
        try { return s.getBytes("UTF-8"); } catch (UnsupportedEncodingException ex) { throw new RuntimeException(ex); }
    }

    String present(Optional<String> o) {
        try { return o.orElseThrow(IOException::new); } catch (IOException ex) { return ""; }
    }

    void list() {
        try { List<String> l = new ArrayList<>(); l.add("x"); } catch (IOException ex) { throw new RuntimeException(ex); } // error
    }
}
` });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
});
