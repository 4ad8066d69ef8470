/** A small well-formedness check for the SVG strings (tags balanced, attributes quoted, entities known). */
export function checkWellFormed(xml: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  const tag = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/y;
  let i = 0;
  while (i < xml.length) {
    const lt = xml.indexOf("<", i);
    const text = xml.slice(i, lt === -1 ? xml.length : lt);
    for (const m of text.matchAll(/&([^;\s]*);?/g)) if (!/^(amp|lt|gt|quot|#39);$/.test(`${m[1]};`) || !m[0].endsWith(";")) problems.push(`bad entity ${m[0]}`);
    if (text.includes(">")) problems.push(`stray > in text near ${i}`);
    if (lt === -1) break;
    tag.lastIndex = lt;
    const m = tag.exec(xml);
    if (m === null) {
      problems.push(`malformed tag at ${lt}: ${xml.slice(lt, lt + 60)}`);
      break;
    }
    const [, close, name, , selfClose] = m;
    if (close === "/") {
      const open = stack.pop();
      if (open !== name) problems.push(`</${name}> closes <${open ?? "nothing"}>`);
    } else if (selfClose !== "/") stack.push(name!);
    i = tag.lastIndex;
  }
  if (stack.length > 0) problems.push(`unclosed: ${stack.join(", ")}`);
  return problems;
}

/** The opening-tag-to-closing-tag text of every `<g>` whose attributes match `attr`. */
export function groups(svg: string, attr: string): string[] {
  const out: string[] = [];
  let from = 0;
  for (;;) {
    const start = svg.indexOf(`<g `, from);
    if (start === -1) return out;
    const head = svg.slice(start, svg.indexOf(">", start) + 1);
    from = start + 1;
    if (!head.includes(attr)) continue;
    let depth = 0;
    const re = /<(\/?)g[\s>]/g;
    re.lastIndex = start;
    for (let m = re.exec(svg); m !== null; m = re.exec(svg)) {
      depth += m[1] === "/" ? -1 : 1;
      if (depth === 0) {
        out.push(svg.slice(start, m.index + 4));
        break;
      }
    }
  }
}

/** Occurrences of a substring. */
export function count(s: string, sub: string): number {
  return s.split(sub).length - 1;
}
