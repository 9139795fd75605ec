import { expect, test } from 'vitest';
import { javacDecides } from '../support/javac-decides.js';

/**
 * `Flux.fromIterable(..)` of a decided collection: of `List.of(a, b)` with elements of one decided
 * type (as a receiver), and as the lambda body of a flattening operator
 * (`flatMapMany(m -> Flux.fromIterable(m.getContent()))`), whose elements bound R from below only:
 * the chain after it is of ContentBlock (a misspelled method on it is "cannot find symbol"), and a
 * declared Flux of a subtype cannot hold them ("inference variable R has incompatible bounds"); a
 * supertype can. `buffer(..)` and `collectSortedList(..)` make Lists of the elements. javac decides: Broken.java's lines tagged `// error` are the ones it rejects and
 * check reports them; Clean.java compiles and checks clean (`map(m -> List.of(m))` into a
 * `Mono<List<Object>>`: there the target decides the list's element).
 */
const HEAD = `package demo;

import io.agentscope.core.message.ContentBlock;
import io.agentscope.core.message.Msg;
import io.agentscope.core.message.TextBlock;
import java.util.List;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
`;
const BROKEN = `${HEAD}
public class Broken {
    void f(Mono<Msg> reply, Msg msg) {
        reply.flatMapMany(m -> Flux.fromIterable(m.getContent())).map(b -> b.getTex()).subscribe(); // error
        Flux.fromIterable(List.of(msg, msg)).map(m -> m.getRol()).subscribe(); // error
        Flux<TextBlock> texts = reply.flatMapMany(m -> Flux.fromIterable(m.getContent())); // error
        reply.flatMapMany(m -> Flux.fromIterable(List.of(m))).map(q -> q.getTextConten()).subscribe(); // error
        Flux<Msg> events = reply.flux();
        events.buffer(2).map(batch -> batch.get(0).getTextConten()).subscribe(); // error
        events.collectSortedList().map(all -> all.get(0).getRol()).subscribe(); // error
        System.out.println(texts);
    }
}
`;
const CLEAN = `${HEAD}
public class Clean {
    void f(Mono<Msg> reply, Msg msg) {
        Flux<Object> any = reply.flatMapMany(m -> Flux.fromIterable(m.getContent()));
        Flux<ContentBlock> blocks = reply.flatMapMany(m -> Flux.fromIterable(m.getContent()));
        Mono<List<Object>> wrapped = reply.map(m -> List.of(m));
        Flux<Object> listed = Flux.fromIterable(List.of(msg, msg));
        reply.flatMapMany(m -> Flux.fromIterable(m.getContent())).map(ContentBlock::toString).subscribe();
        Flux<Msg> events = reply.flux();
        events.buffer(2).map(batch -> batch.get(0).getTextContent()).subscribe();
        events.buffer().map(batch -> batch.size()).subscribe();
        System.out.println(any + " " + blocks + wrapped + listed);
    }
}
`;

test('Flux.fromIterable of decided collections and in flattening lambdas: javac and check agree line by line', async () => {
  const v = await javacDecides({ 'Broken.java': BROKEN, 'Clean.java': CLEAN });
  expect(v.javac).toEqual(v.tagged);
  expect(v.check).toEqual(v.tagged);
}, 240_000);
