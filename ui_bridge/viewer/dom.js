// A tiny DOM helper shared by the viewer's panels (no framework): build an
// element with properties and children in one call.

// Creates |tag| with |props| assigned and |children| (strings or nodes).
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  Object.assign(node, props);
  for (const c of children) node.append(c);
  return node;
}
