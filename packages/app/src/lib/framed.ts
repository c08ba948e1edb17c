/** the product behaves differently when a partner portal frames it. */
export function isFramed(view: Window = window): boolean {
  try {
    return view.self !== view.top;
  } catch {
    // A cross-origin top throws on access in some browsers: that is framed too.
    return true;
  }
}
