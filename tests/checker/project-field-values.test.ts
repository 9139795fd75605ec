import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * A field the checked sources declare, read on a receiver whose class is decided (a parameter, a
 * written local, `this`, the class for a static field): its declared type is as exact as a
 * written local's (`holder.requests.get(1)` is a `List<Msg>`). And a collection factory's elements
 * against the receiver's element where it is an argument (`requests.add(List.copyOf(messages))`
 * on a `List<List<String>>`). A generic holder's field (`Box<Msg>.value`) and a supertype are clean. javac decides.
 */
const BROKEN = `package demo;

import io.agentscope.core.message.Msg;
import java.util.ArrayList;
import java.util.List;

public class Broken {
    static final class Holder {
        final List<List<Msg>> requests = new ArrayList<>();
        final List<Msg> flat = new ArrayList<>();
        static final List<Msg> SHARED = new ArrayList<>();

        String first() {
            return this.flat.get(0); // error
        }
    }
    void nested(Holder h) {
        h.requests.get(1).stateStore(); // error
    }
    void element(Holder h) {
        String s = h.flat.get(0); // error
        String t = Holder.SHARED.get(0); // error
    }
    void copied(List<Msg> messages) {
        List<List<String>> requests = new ArrayList<>();
        requests.add(List.copyOf(messages)); // error
    }
}
`;
const CLEAN = `package demo;

import io.agentscope.core.message.Msg;
import java.util.ArrayList;
import java.util.List;

public class Clean {
    static final class Holder {
        final List<List<Msg>> requests = new ArrayList<>();
        final List<Msg> flat = new ArrayList<>();
    }
    static final class Box<T> {
        T value;
        List<T> values = new ArrayList<>();
    }
    void read(Holder h, Box<Msg> box) {
        List<Msg> first = h.requests.get(0);
        Msg m = h.flat.get(0);
        Object o = h.flat.get(0);
        Msg v = box.value;
        Msg w = box.values.get(0);
        String text = h.flat.get(0).getTextContent();
    }
    void copied(List<Msg> messages) {
        List<List<Msg>> requests = new ArrayList<>();
        requests.add(List.copyOf(messages));
        List<List<Object>> loose = new ArrayList<>();
        loose.add(List.copyOf(messages));
    }
}
`;

test('a project field read on a receiver of decided class, and a copied collection as an element: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Clean.java': CLEAN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 180_000);
