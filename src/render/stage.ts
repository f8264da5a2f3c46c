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
  Vector2,
  Vector3,
} from 'three';
import type { WebGLRenderer } from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import type { StaticBoxSpec } from '../physics/physicsWorld';
import { BodyInstances } from './bodyInstances';
import { LinkLines } from './linkLines';
import { createRenderer } from './webglSupport';

/** A half-width view sees half as much sideways; zooming out keeps each scene in frame. */
const SPLIT_ZOOM = 0.6;
/** The page's background colour, behind the scene and its fog. */
const PAGE_COLOUR = 0xdfe7ef;

export interface PickResult {
  index: number;
  point: [number, number, number];
}

export class Stage {
  /** Null when the browser offers no WebGL 2: nothing is drawn, everything else runs. */
  readonly renderer: WebGLRenderer | null;
  /** Why nothing can be drawn (no WebGL), or null when the renderer works. */
  readonly problem: string | null;
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
  /** True between `webglcontextlost` and `webglcontextrestored`: nothing can be drawn. */
  contextLost = false;
  /** Told when the GPU context is lost or comes back (true = lost). */
  onContextChange: ((lost: boolean) => void) | null = null;

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
    }
    this.scene.background = new Color(PAGE_COLOUR);
    this.scene.fog = new Fog(PAGE_COLOUR, 60, 160);

    this.camera.position.set(14, 11, 18);
    this.controls = new OrbitControls(this.camera, canvas);
    this.controls.target.set(0, 2, 0);
    this.controls.enableDamping = true;
    this.controls.maxPolarAngle = Math.PI * 0.495;

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

  /** Matches the drawing buffer to the canvas's CSS size (cheap when nothing changed). */
  resize(): void {
    const renderer = this.renderer;
    if (!renderer) return;
    const width = this.canvas.clientWidth;
    const height = this.canvas.clientHeight;
    if (width === 0 || height === 0) return;
    const size = renderer.getSize(scratchSize);
    if (size.x === width && size.y === height) return;
    renderer.setSize(width, height, false);
  }

  render(): void {
    this.controls.update();
    const renderer = this.renderer;
    if (!renderer || this.contextLost) return;
    this.resize();
    renderer.setScissorTest(false);
    const size = renderer.getSize(scratchSize);
    renderer.setViewport(0, 0, size.x, size.y);
    this.setAspect(size.x / size.y, 1);
    renderer.render(this.scene, this.camera);
  }

  /**
   * Draws one half of the split view with the shared camera: each half gets the camera at its
   * own aspect, so both show the same scene from the same place, side by side.
   */
  renderHalf(half: 'left' | 'right'): void {
    if (half === 'left') this.controls.update();
    const renderer = this.renderer;
    if (!renderer || this.contextLost) return;
    this.resize();
    const size = renderer.getSize(scratchSize);
    const width = Math.floor(size.x / 2);
    const x = half === 'left' ? 0 : size.x - width;
    renderer.setViewport(x, 0, width, size.y);
    renderer.setScissor(x, 0, width, size.y);
    renderer.setScissorTest(true);
    this.setAspect(width / size.y, SPLIT_ZOOM);
    renderer.render(this.scene, this.camera);
    renderer.setScissorTest(false);
  }

  private setAspect(aspect: number, zoom: number): void {
    if (this.camera.aspect === aspect && this.camera.zoom === zoom) return;
    this.camera.aspect = aspect;
    this.camera.zoom = zoom;
    this.camera.updateProjectionMatrix();
  }

  /** The body under a canvas pixel, and the world point hit, or null. */
  pick(clientX: number, clientY: number): PickResult | null {
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

  /** Where the ray under a pixel meets the plane through `point` facing the camera (drag target). */
  dragPoint(clientX: number, clientY: number, through: Vector3, out: Vector3): Vector3 | null {
    this.setPointer(clientX, clientY);
    const ray = this.raycaster.ray;
    this.camera.getWorldDirection(scratchNormal);
    const denominator = scratchNormal.dot(ray.direction);
    if (Math.abs(denominator) < 1e-6) return null;
    const distance = scratchNormal.dot(scratchDelta.subVectors(through, ray.origin)) / denominator;
    if (distance < 0) return null;
    return ray.at(distance, out);
  }

  /** The camera position and the unit direction through a pixel (for throwing bodies). */
  rayThrough(clientX: number, clientY: number): { origin: Vector3; direction: Vector3 } {
    this.setPointer(clientX, clientY);
    return {
      origin: this.raycaster.ray.origin.clone(),
      direction: this.raycaster.ray.direction.clone(),
    };
  }

  dispose(): void {
    this.bodies.dispose();
    this.ghost.dispose();
    this.twinBodies?.dispose();
    this.controls.dispose();
    this.renderer?.dispose();
  }

  private setPointer(clientX: number, clientY: number): void {
    const rect = this.canvas.getBoundingClientRect();
    this.pointer.set(
      ((clientX - rect.left) / rect.width) * 2 - 1,
      -((clientY - rect.top) / rect.height) * 2 + 1,
    );
    this.raycaster.setFromCamera(this.pointer, this.camera);
  }
}

const scratchSize = new Vector2();
const scratchNormal = new Vector3();
const scratchDelta = new Vector3();
