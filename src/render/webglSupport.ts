// Creates the three.js renderer when the browser can draw, and says why not when it cannot:
// the rest of the page (simulation, HUD, panel, scripting API) runs either way.

import { WebGLRenderer } from 'three';

/** A renderer, or the reason there is none (the browser's own words where it gives any). */
export type RendererResult =
  { renderer: WebGLRenderer; problem: null } | { renderer: null; problem: string };

/**
 * Asks a throwaway canvas for a WebGL 2 context first. three.js (r163 and later) needs WebGL 2,
 * and when it cannot get a context it logs errors and throws from its constructor; probing first
 * keeps the console clean and captures the browser's reason (`webglcontextcreationerror`, e.g.
 * "disabled by enterprise policy or commandline switch"). The probe's context is released at
 * once, so the page never holds two.
 */
export function createRenderer(canvas: HTMLCanvasElement): RendererResult {
  const probe = document.createElement('canvas');
  let reason = '';
  probe.addEventListener('webglcontextcreationerror', (event) => {
    reason = (event as WebGLContextEvent).statusMessage;
  });
  const gl = probe.getContext('webgl2');
  if (!gl) {
    const webgl1 = document.createElement('canvas').getContext('webgl');
    webgl1?.getExtension('WEBGL_lose_context')?.loseContext();
    return {
      renderer: null,
      problem:
        webgl1 !== null
          ? 'this browser offers WebGL 1 only, and the 3D view needs WebGL 2'
          : `this browser gives the page no WebGL${reason ? ` (${reason})` : ''}`,
    };
  }
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  try {
    const renderer = new WebGLRenderer({
      canvas,
      antialias: true,
      powerPreference: 'high-performance',
    });
    return { renderer, problem: null };
  } catch (error) {
    return {
      renderer: null,
      problem: `the WebGL renderer could not start (${error instanceof Error ? error.message : String(error)})`,
    };
  }
}
