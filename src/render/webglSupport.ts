// Creates the three.js renderer when the browser can draw, and says why not when it cannot:
// the rest of the page (simulation, HUD, panel, scripting API) runs either way.

import { WebGLRenderer } from 'three';

/**
 * Why there is no renderer, as data the page words in its language: WebGL 1 only, no WebGL at
 * all, or a renderer that failed; `detail` is the browser's own words ('' when it gave none).
 */
export interface RendererProblem {
  kind: 'webgl1' | 'none' | 'failed';
  detail: string;
}

/** A renderer, or the reason there is none. */
export type RendererResult =
  { renderer: WebGLRenderer; problem: null } | { renderer: null; problem: RendererProblem };

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
      problem: { kind: webgl1 !== null ? 'webgl1' : 'none', detail: reason },
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
      problem: {
        kind: 'failed',
        detail: error instanceof Error ? error.message : String(error),
      },
    };
  }
}
