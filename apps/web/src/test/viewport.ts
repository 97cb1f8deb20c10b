/**
 * The viewport's width as antd's breakpoints (Grid.useBreakpoint) ask it through matchMedia;
 * call the function returned to go back to the suite's matchMedia, which matches nothing.
 */
export function viewport(width: number): () => void {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return { ...original(query), matches };
  }) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}
