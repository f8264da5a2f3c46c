// The three.js side of the page: renderer, camera and orbit controls, lights and shadows, the
// ground, static scenery, and the instanced bodies. Reads flat arrays only, never cannon-es.
// Without WebGL the scene graph and instance matrices still update; only drawing is skipped.

import {
  ACESFilmicToneMapping,
  AmbientLight,
  BoxGeometry,
  Color,
  DirectionalLight,
  Fog,
  GridHelper,
  HemisphereLight,
  Mesh,
  MeshStandardMaterial,
  PCFShadowMap,
  PerspectiveCamera,
  PlaneGeometry,
  Raycaster,
  Scene,
  TOUCH,
  Vector2,
} from 'three';
import type { WebGLRenderer } from 'three';
import { vec3 } from 'gl-matrix';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import type { StaticBoxSpec } from '../snapshot/sceneDrawData';
import { BodyInstances } from './bodyInstances';
import { LinkLines } from './linkLines';
import { CameraFraming } from './cameraFraming';
import type { ViewArea } from './cameraFraming';
import { createRenderer } from './webglSupport';
import type { RendererProblem } from './webglSupport';

/** The page's background colour: what shows around the split view's halves. */
const PAGE_COLOUR = 0xdfe7ef;
/** Below this size (CSS px) a free area is no place for two views: use the whole canvas. */
const MIN_AREA_PX = 80;

/**
 * Scratch for the drag ray (a pointer move each): the ray, the plane's normal, the offset to it.
 * Float64, as three.js's own vectors are (gl-matrix's `create` would make them float32).
 */
const rayOrigin = new Float64Array(3);
const rayDirection = new Float64Array(3);
const planeNormal = new Float64Array(3);
const planeOffset = new Float64Array(3);

/** A point or direction in the world, x y z. */
export type Vec3 = [number, number, number];

export interface PickResult {
  index: number;
  point: Vec3;
}

export type { ViewArea } from './cameraFraming';

export class Stage {
  /** Null when the browser offers no WebGL 2: nothing is drawn, everything else runs. */
  readonly renderer: WebGLRenderer | null;
  /** Why nothing can be drawn (no WebGL), or null when the renderer works. */
  readonly problem: RendererProblem | null;
  readonly scene = new Scene();
  readonly camera = new PerspectiveCamera(50, 1, 0.1, 500);
  readonly controls: OrbitControls;
  readonly bodies: BodyInstances;
  /** The raw current snapshot as a wireframe overlay (ghost view); hidden otherwise. */
  readonly ghost: BodyInstances;
  /** Springs, as lines between the bodies they join. */
  readonly links: LinkLines;
  /** The determinism lab's second world, created on first use. */
  private twinBodies: BodyInstances | null = null;
  private readonly sun = new DirectionalLight(0xffffff, 2.2);
  private readonly staticMaterial = new MeshStandardMaterial({ color: 0x8d99ae, roughness: 0.8 });
  private readonly staticGeometry = new BoxGeometry(2, 2, 2);
  private staticMeshes: Mesh[] = [];
  private readonly raycaster = new Raycaster();
  private readonly pointer = new Vector2();
  private readonly canvas: HTMLCanvasElement;
  /** Where the split view's two halves go: the canvas area no panel covers (CSS px). */
  private readonly splitArea: ViewArea = { x: 0, y: 0, width: 0, height: 0 };
  private readonly framing = new CameraFraming(this.camera);
  /** Whether the last frame was drawn as two halves (picking then maps into a half). */
  private drewSplit = false;
  /** The canvas's box in the page, measured when a pointer press picks or throws (`measureCanvas`). */
  private readonly canvasBox = { left: 0, top: 0, width: 1, height: 1 };
  /** True between `webglcontextlost` and `webglcontextrestored`: nothing can be drawn. */
  contextLost = false;
  /** Told when the GPU context is lost or comes back (true = lost). */
  onContextChange: ((lost: boolean) => void) | null = null;
  /**
   * Whether the camera may still move: set by a gesture ('start') and by every move the controls
   * make ('change'), cleared once an update leaves it where it was (damping has eased out). A
   * still camera skips OrbitControls.update, which allocates a few hundred bytes a call.
   */
  private cameraMoving = true;
  private readonly onCameraMoved = (): void => {
    this.cameraMoving = true;
  };

  constructor(canvas: HTMLCanvasElement) {
    this.canvas = canvas;
    const created = createRenderer(canvas);
    this.renderer = created.renderer;
    this.problem = created.problem;
    if (this.renderer) {
      this.renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
      this.renderer.toneMapping = ACESFilmicToneMapping;
      this.renderer.shadowMap.enabled = true;
      this.renderer.shadowMap.type = PCFShadowMap;
      this.renderer.setClearColor(PAGE_COLOUR);
    }
    this.scene.background = new Color(PAGE_COLOUR);
    this.scene.fog = new Fog(PAGE_COLOUR, 60, 160);

    this.camera.position.set(14, 11, 18);
    this.controls = new OrbitControls(this.camera, canvas);
    this.controls.target.set(0, 2, 0);
    this.controls.enableDamping = true;
    this.controls.maxPolarAngle = Math.PI * 0.495;
    this.controls.addEventListener('start', this.onCameraMoved);
    this.controls.addEventListener('change', this.onCameraMoved);

    this.scene.add(new HemisphereLight(0xf3f7ff, 0x6b5b4b, 0.9));
    this.scene.add(new AmbientLight(0xffffff, 0.15));
    this.sun.position.set(18, 30, 12);
    this.sun.castShadow = true;
    this.sun.shadow.mapSize.set(2048, 2048);
    const reach = 30;
    this.sun.shadow.camera.left = -reach;
    this.sun.shadow.camera.right = reach;
    this.sun.shadow.camera.top = reach;
    this.sun.shadow.camera.bottom = -reach;
    this.sun.shadow.camera.far = 90;
    this.sun.shadow.bias = -0.0004;
    this.scene.add(this.sun);

    const ground = new Mesh(
      new PlaneGeometry(400, 400),
      new MeshStandardMaterial({ color: 0xc9d1c8, roughness: 0.95 }),
    );
    ground.rotation.x = -Math.PI / 2;
    ground.receiveShadow = true;
    this.scene.add(ground);
    const grid = new GridHelper(200, 200, 0x7d8a80, 0xa9b4ab);
    grid.position.y = 0.002;
    this.scene.add(grid);

    this.bodies = new BodyInstances(this.scene);
    this.ghost = new BodyInstances(this.scene, 'ghost');
    this.ghost.setVisible(false);
    this.links = new LinkLines(this.scene);
    this.watchContext(canvas);
  }

  /**
   * A GPU reset, a driver update or too many pages using WebGL take the context away. Cancelling
   * the event (three.js does too) asks the browser to restore it; three.js then rebuilds its GL
   * state and re-uploads every buffer and texture from the arrays it still holds, so the instance
   * matrices need nothing from us. Until then `render` draws nothing; the simulation goes on.
   */
  private watchContext(canvas: HTMLCanvasElement): void {
    canvas.addEventListener('webglcontextlost', (event) => {
      event.preventDefault();
      this.contextLost = true;
      this.onContextChange?.(true);
    });
    canvas.addEventListener('webglcontextrestored', () => {
      this.contextLost = false;
      this.onContextChange?.(false);
    });
  }

  /** GPU objects three.js holds now, for leak checks (stats and tests). */
  gpuMemory(): { geometries: number; textures: number; programs: number } {
    if (!this.renderer) return { geometries: 0, textures: 0, programs: 0 };
    const info = this.renderer.info;
    return {
      geometries: info.memory.geometries,
      textures: info.memory.textures,
      programs: info.programs?.length ?? 0,
    };
  }

  rebuildStatics(statics: readonly StaticBoxSpec[]): void {
    for (const mesh of this.staticMeshes) this.scene.remove(mesh);
    this.staticMeshes = statics.map((spec) => {
      const mesh = new Mesh(this.staticGeometry, this.staticMaterial);
      mesh.scale.set(spec.halfExtents[0], spec.halfExtents[1], spec.halfExtents[2]);
      mesh.position.set(spec.position[0], spec.position[1], spec.position[2]);
      if (spec.quaternion) mesh.quaternion.set(...spec.quaternion);
      mesh.castShadow = this.bodies.shadows;
      mesh.receiveShadow = true;
      this.scene.add(mesh);
      return mesh;
    });
  }

  /** Instances for the determinism lab's second world (hidden again by `hideTwin`). */
  twin(): BodyInstances {
    if (!this.twinBodies) {
      this.twinBodies = new BodyInstances(this.scene);
      this.twinBodies.setShadows(this.bodies.shadows);
    }
    this.twinBodies.setVisible(true);
    return this.twinBodies;
  }

  hideTwin(): void {
    this.twinBodies?.setVisible(false);
  }

  setShadows(enabled: boolean): void {
    if (this.renderer) this.renderer.shadowMap.enabled = enabled;
    this.sun.castShadow = enabled;
    this.bodies.setShadows(enabled);
    this.twinBodies?.setShadows(enabled);
    for (const mesh of this.staticMeshes) mesh.castShadow = enabled;
    // Materials compile shadow code in or out; they must recompile after the switch.
    this.scene.traverse((object) => {
      const material = (object as Mesh).material;
      if (material && !Array.isArray(material)) material.needsUpdate = true;
    });
  }

  /**
   * Once per frame, before anything is drawn: size the drawing buffer to the canvas and let the
   * orbit controls ease the camera one update. Both halves of a split frame then come from the
   * same camera state (updating between the halves left one a camera update behind the other).
   */
  updateCamera(): void {
    this.resize();
    if (this.cameraMoving) this.cameraMoving = this.controls.update();
  }

  /** Matches the drawing buffer to the canvas's CSS size (cheap when nothing changed). */
  private resize(): void {
    const renderer = this.renderer;
    if (!renderer) return;
    const width = this.canvas.clientWidth;
    const height = this.canvas.clientHeight;
    if (width === 0 || height === 0) return;
    const size = renderer.getSize(scratchSize);
    if (size.x === width && size.y === height) return;
    renderer.setSize(width, height, false);
  }

  /**
   * Draws the whole canvas with the camera (call `updateCamera` first in the frame): the scene
   * framed as for the focus area and drawn there, the canvas around it showing the rest.
   */
  render(): void {
    this.drewSplit = false;
    const renderer = this.renderer;
    if (!renderer || this.contextLost) return;
    renderer.setScissorTest(false);
    const size = renderer.getSize(scratchSize);
    renderer.setViewport(0, 0, size.x, size.y);
    this.framing.canvas(this.canvas.clientWidth, this.canvas.clientHeight);
    renderer.render(this.scene, this.camera);
  }

  /**
   * Frames single views into this area of the canvas (CSS px from its top-left corner), or the
   * whole canvas for null or an area too small (the layout measures it when the tour's card
   * opens, closes or changes size, never per frame). Also written to the canvas as
   * `data-focus` ("x y width height"), for whoever checks what the view shows.
   */
  setFocusArea(area: ViewArea | null): void {
    const fits = area !== null && area.width >= MIN_AREA_PX && area.height >= MIN_AREA_PX;
    this.framing.setFocus(fits ? area : null);
    const f = this.framing.focus;
    this.canvas.dataset.focus = fits ? `${f.x} ${f.y} ${f.width} ${f.height}` : '';
  }

  /**
   * Where the split view goes, in CSS pixels from the canvas's top-left corner: the part of the
   * canvas no panel covers (the layout measures it when the panel opens, closes or the window
   * resizes, never per frame). Too small an area falls back to the whole canvas.
   */
  setSplitArea(x: number, y: number, width: number, height: number): void {
    const area = this.splitArea;
    area.x = Math.max(0, Math.round(x));
    area.y = Math.max(0, Math.round(y));
    area.width = Math.round(width);
    area.height = Math.round(height);
  }

  /**
   * The two views of a split frame, side by side in the split area, each `width` wide (equal
   * halves, so the same camera draws the same picture in both when the poses agree).
   */
  splitLayout(out: ViewArea): ViewArea {
    const canvasWidth = this.canvas.clientWidth;
    const canvasHeight = this.canvas.clientHeight;
    const area = this.splitArea;
    const fits =
      area.width >= MIN_AREA_PX &&
      area.height >= MIN_AREA_PX &&
      area.x + area.width <= canvasWidth &&
      area.y + area.height <= canvasHeight;
    out.x = fits ? area.x : 0;
    out.y = fits ? area.y : 0;
    out.width = Math.floor((fits ? area.width : canvasWidth) / 2);
    out.height = fits ? area.height : canvasHeight;
    return out;
  }

  /** Clears the canvas to the page's colour before the split view's halves are drawn into it. */
  clear(): void {
    const renderer = this.renderer;
    if (!renderer || this.contextLost) return;
    renderer.setScissorTest(false);
    renderer.clear();
  }

  /**
   * Draws one half of the split view with the shared camera (call `updateCamera` once first):
   * each half gets the camera at its own aspect, so both show the same scene from the same
   * place, side by side.
   */
  renderHalf(half: 'left' | 'right'): void {
    this.drewSplit = true;
    const renderer = this.renderer;
    if (!renderer || this.contextLost) return;
    const view = this.splitLayout(scratchArea);
    const x = half === 'left' ? view.x : view.x + view.width;
    // WebGL counts viewport rows from the bottom of the drawing buffer.
    const y = renderer.getSize(scratchSize).y - view.y - view.height;
    renderer.setViewport(x, y, view.width, view.height);
    renderer.setScissor(x, y, view.width, view.height);
    renderer.setScissorTest(true);
    this.framing.view(view.width / view.height);
    renderer.render(this.scene, this.camera);
    renderer.setScissorTest(false);
  }

  /**
   * Whether a pointer on the canvas moves the camera (off while a body is held, so the press
   * that grabs it does not also orbit the view).
   */
  cameraFollowsPointer(follows: boolean): void {
    this.controls.enabled = follows;
  }

  /**
   * Whether one finger turns the camera. Off while a finger rests on a body: the controls must
   * still see that finger, so a second one makes a two-finger camera gesture, but it turns
   * nothing on its own.
   */
  oneFingerTurnsCamera(turns: boolean): void {
    this.controls.touches.ONE = turns ? TOUCH.ROTATE : null;
  }

  /** The body under a canvas pixel, and the world point hit, or null. */
  pick(clientX: number, clientY: number): PickResult | null {
    this.measureCanvas();
    this.setPointer(clientX, clientY);
    // Instanced meshes cache a bounding sphere that goes stale as bodies move; the ray test
    // rejects the whole mesh against it, so refresh it first (a click, not a frame, pays this).
    for (const mesh of this.bodies.objects) mesh.computeBoundingSphere();
    const hits = this.raycaster.intersectObjects(this.bodies.objects, false);
    for (const hit of hits) {
      if (hit.instanceId === undefined) continue;
      const index = this.bodies.bodyIndexOf(hit.object, hit.instanceId);
      if (index >= 0) return { index, point: [hit.point.x, hit.point.y, hit.point.z] };
    }
    return null;
  }

  /**
   * Where the ray under a pixel meets the plane through `through` facing the camera (the drag
   * target), written into `out`; false when the ray runs along the plane or away from it.
   */
  dragPoint(clientX: number, clientY: number, through: readonly number[], out: number[]): boolean {
    // The canvas box measured when the body was picked: measuring it per move makes a DOMRect.
    this.setPointer(clientX, clientY);
    const ray = this.raycaster.ray;
    const origin = vec3.set(rayOrigin, ray.origin.x, ray.origin.y, ray.origin.z);
    const direction = vec3.set(rayDirection, ray.direction.x, ray.direction.y, ray.direction.z);
    // The plane's normal is the camera's view axis (the third column of its world matrix, the
    // matrix the ray was aimed with); its length and sign cancel out of the distance.
    const e = this.camera.matrixWorld.elements;
    const normal = vec3.set(planeNormal, e[8], e[9], e[10]);
    const denominator = vec3.dot(normal, direction);
    if (Math.abs(denominator) < 1e-6 * vec3.length(normal)) return false;
    const toPlane = vec3.subtract(planeOffset, through, origin);
    const distance = vec3.dot(normal, toPlane) / denominator;
    if (distance < 0) return false;
    const hit = vec3.scaleAndAdd(planeOffset, origin, direction, distance);
    out[0] = hit[0];
    out[1] = hit[1];
    out[2] = hit[2];
    return true;
  }

  /** The camera position and the unit direction through a pixel (for throwing bodies). */
  rayThrough(clientX: number, clientY: number): { origin: Vec3; direction: Vec3 } {
    this.measureCanvas();
    this.setPointer(clientX, clientY);
    const { origin, direction } = this.raycaster.ray;
    return { origin: origin.toArray(), direction: direction.toArray() };
  }

  /** Measures the canvas's box in the page (a press, not every pointer move: it makes a DOMRect). */
  private measureCanvas(): void {
    const rect = this.canvas.getBoundingClientRect();
    const box = this.canvasBox;
    box.left = rect.left;
    box.top = rect.top;
    box.width = rect.width;
    box.height = rect.height;
  }

  /**
   * Aims the ray through a pixel (in the canvas box last measured). After a split frame the
   * pixel is mapped into the half it lies in, whose camera (aspect and zoom) the last half drawn
   * left set, so what is picked is what is under the finger in either half.
   */
  private setPointer(clientX: number, clientY: number): void {
    const rect = this.canvasBox;
    let left = rect.left;
    let top = rect.top;
    let width = rect.width;
    let height = rect.height;
    if (this.drewSplit) {
      const view = this.splitLayout(scratchArea);
      const x = clientX - rect.left - view.x;
      left += view.x + (x >= view.width ? view.width : 0);
      top += view.y;
      width = view.width;
      height = view.height;
    }
    const pointer = this.pointer;
    pointer.x = ((clientX - left) / width) * 2 - 1;
    pointer.y = -((clientY - top) / height) * 2 + 1;
    this.raycaster.setFromCamera(pointer, this.camera);
  }
}

const scratchSize = new Vector2();
const scratchArea: ViewArea = { x: 0, y: 0, width: 0, height: 0 };
