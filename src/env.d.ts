/** CSS imported as text (Vite's `?inline`), for the widget's shadow root. */
declare module '*.css?inline' {
  const css: string;
  export default css;
}
