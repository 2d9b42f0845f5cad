import { createElement, Fragment, type ReactNode } from 'react';
import { formatSentence, sentence, type SentenceValue } from './sentence';

// A page area's sentence that holds an element (a link, a <strong> figure, a <time>) among its words:
// still one whole template in the area's message module, the element a named slot `{name}` of it,
// so a translator can move it like any value (docs/ARCHITECTURE.md#the-persons-locale).

const MARK = '\u0001';

/**
 * `sayNodes(key, values, nodes)` over an area's message module: the sentence of that key in the
 * current locale, each `{slot}` named in `nodes` filled by its element.
 */
export function nodeSayer<Key extends string>(messages: Readonly<Record<Key, string>>) {
  return function sayNodes(
    key: Key,
    values: Record<string, SentenceValue>,
    nodes: Record<string, ReactNode>,
  ): ReactNode {
    const slots = Object.keys(nodes);
    const marked: Record<string, SentenceValue> = { ...values };
    slots.forEach((name, i) => (marked[name] = { text: `${MARK}${i}${MARK}` }));
    const pieces = formatSentence(sentence(messages[key], marked)).split(MARK);
    // Odd pieces are the slots' indexes, even ones the words between them.
    const children = pieces.map((piece, i) => (i % 2 === 1 ? nodes[slots[Number(piece)]!] : piece));
    return createElement(Fragment, null, ...children.filter((c) => c !== ''));
  };
}
