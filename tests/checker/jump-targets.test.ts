import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * A `break` or `continue` with nothing to jump to (AS024): `continue` in a forEach or subscribe
 * lambda, as if the lambda were the loop's body ("continue outside of loop"), `break` there or in an
 * anonymous class's method inside a loop ("break outside switch or loop"), a label no enclosing
 * statement has ("undefined label"), `continue` to a block's label ("not a loop label"). javac
 * decides: the lines tagged `// error` are the ones it rejects and check reports them; jumps in
 * loops, switches and labelled statements, and `return` in lambdas, compile.
 */
test('break and continue with nothing to jump to: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Jumps.java': `package demo;

import io.agentscope.core.message.Msg;
import java.util.List;
import reactor.core.publisher.Flux;

public class Jumps {
    void each(List<Msg> msgs) {
        msgs.forEach(m -> {
            if (m == null) continue; // error
            System.out.println(m.getTextContent());
        });
        Flux.fromIterable(msgs).subscribe(m -> {
            if (m.getId() == null) break; // error
        });
        for (Msg m : msgs) {
            Runnable r = () -> {
                if (m == null) return;
                continue; // error
            };
            Thread t = new Thread() {
                @Override
                public void run() {
                    break; // error
                }
            };
            if (m == null) continue;
            r.run();
            t.start();
        }
    }

    void labels(List<Msg> msgs) {
        outer:
        for (Msg m : msgs) {
            for (Msg n : msgs) {
                if (m == n) continue outer;
                if (m == null) break inner; // error
            }
            switch (m.getRole()) {
                case USER:
                    break;
                default:
                    continue;
            }
        }
        done: {
            if (msgs.isEmpty()) break done;
            continue done; // error
        }
        int i = 0;
        while (i < msgs.size()) {
            i++;
            if (i > 3) break;
        }
        do {
            i--;
        } while (i > 0);
        if (msgs.isEmpty()) break; // error
    }
}
` });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
});
