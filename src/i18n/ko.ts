// The Korean texts, typed from the English table: a missing or extra key fails the type check.
// Terms of the article follow glossary.ts.

import type { TextTable } from './en';

/** Every text a person reads on the page, in Korean. */
export const KO: TextTable = {
  'panel.title': '고정 스텝 샌드박스',
  'folder.scene': '장면',
  'folder.record': '기록',
  'folder.simulation': '시뮬레이션',
  'folder.stutterLab': '버벅임 실험실',
  'folder.rendering': '렌더링',
  'folder.stats': '통계',

  'label.language': '언어',
  'label.scene': '장면',
  'label.bodyCount': '물체 수',
  'label.layers': '층 수',
  'label.seed': '시드',
  'label.reset': '장면 초기화 (R)',
  'label.spawnShape': '생성할 모양',
  'label.spawn': '생성 (떨어뜨리기)',
  'label.hint': '해 보기',
  'label.physicsThread': '물리 스레드',
  'label.strategy': '시간 간격 방식',
  'label.why': '이유',
  'label.physicsHz': '물리 빈도 (Hz)',
  'label.interpolation': '그리기 방식 (I)',
  'label.paused': '일시정지 (스페이스)',
  'label.singleStep': '한 스텝 진행 (.)',
  'label.timeScale': '시간 배율',
  'label.maxFrameSeconds': '프레임 클램프 (초)',
  'label.maxStepsPerFrame': '프레임당 최대 스텝',
  'label.governor': '과부하 조절기',
  'label.stepCostMs': '스텝당 추가 비용 (ms)',
  'label.display': '가상 화면 주사율 (Hz)',
  'label.jitterMs': '프레임 흔들림 ± (ms)',
  'label.hitchSeconds': '끊김 길이 (초)',
  'label.hitch': '끊김 넣기 (H)',
  'label.view': '보기',
  'label.splitRight': '분할: 오른쪽 절반',
  'label.shadows': '그림자',
  'label.showHud': 'HUD 표시',
  'label.statsPhysics': '스텝당 물리',
  'label.statsInterpolation': '프레임당 보간',
  'label.statsBodies': '물체',
  'label.statsSimOverReal': '시뮬 ÷ 실제',
  'stats.bodies': '{bodies} (잠든 것 {sleeping})',

  'record.start': '● 기록 시작',
  'record.stop': '■ 기록 멈추기',
  'record.titleRecording': '기록  ● {steps} 스텝',
  'record.replay': '▶ 처음부터 다시 재생',
  'record.timeline': '타임라인 (스텝)',
  'record.saveState': '상태 저장 (파일)',
  'record.loadState': '상태 불러오기…',
  'record.saveRecording': '기록 저장 (파일)',
  'record.loadRecording': '기록 불러오기…',
  'record.linkState': '링크 복사: 지금 이 순간',
  'record.linkRecording': '링크 복사: 기록',
  'record.statusRecording': '● 기록 중: {steps} 스텝, 입력 {inputs}개',
  'record.statusIdle': '기록하지 않는 중. 아직 기록하거나 불러온 것이 없습니다.',
  'record.statusHeld': '기록하지 않는 중. {steps} 스텝짜리 기록을 불러왔습니다.',
  'record.statusReplay': '재생: {end} 스텝 중 {step}',
  'record.statusDiverged': '✗ 어긋난 곳: {where}',
  'record.statusUnchecked': '아직 확인한 것 없음',
  'record.statusVerified': '✓ {step} 스텝까지 확인됨',

  'choice.thread.worker': '워커',
  'choice.thread.main': '메인',
  'choice.strategy.accumulator': '누적기',
  'choice.strategy.semiFixed': '반고정',
  'choice.strategy.variable': '가변',
  'choice.strategy.fixedPerFrame': '프레임마다 고정',
  'choice.render.interpolate': '보간',
  'choice.render.off': '끄기',
  'choice.render.extrapolate': '외삽',
  'choice.render.hermite': '에르미트',
  'choice.view.single': '하나',
  'choice.view.split': '분할',
  'choice.view.ghost': '고스트',
  'choice.display.native': '실제 화면',
  'choice.shape.box': '상자',
  'choice.shape.sphere': '공',
  'choice.shape.cylinder': '원기둥',
  'choice.shape.dumbbell': '아령',
  'choice.shape.gem': '보석',

  'why.accumulator': '고정 dt, 알파로 두 장면을 섞어 그림',
  'why.semiFixed': '마지막 스텝은 짧음, 알파 없음: 끄기로 그림',
  'why.variable': 'dt = 프레임 시간, 알파 없음: 끄기로 그림',
  'why.fixedPerFrame': '속도가 화면 주사율을 따라감: 끄기로 그림',

  'scene.avalanche': '눈사태 (부하)',
  'scene.carousel': '회전목마',
  'scene.determinism': '결정성 (60 대 144 Hz)',
  'scene.dominoes': '도미노',
  'scene.pile': '더미',
  'scene.playground': '놀이터',
  'scene.pyramid': '피라미드 (부하)',
  'scene.rain': '비 (부하)',
  'scene.spring': '스프링 사슬',
  'scene.stack': '쌓기',
  'scene.tower': '탑 (부하)',
  'scene.tunnel': '터널링',
  'hint.avalanche':
    '물체들이 비탈을 쏟아져 내려와 기둥 양옆으로 갈라집니다. 하나를 끌어 흐름에 넣어 보세요.',
  'hint.carousel': '보간을 켜고 끄며 (I) 움직이는 물체를 보세요. 켜면 매끄럽고, 끄면 덜컹거립니다.',
  'hint.determinism':
    '누적기에서는 두 더미가 비트 하나까지 같습니다. 방식을 바꾸면 서로 달라집니다.',
  'hint.dominoes': '물결이 나선을 따라 도는 것을 보세요. 다시 보려면 초기화 (R).',
  'hint.pile': '스텝당 물리 시간이 dt를 넘을 때까지 수를 늘려 보세요. 그때부터 슬로 모션이 됩니다.',
  'hint.playground': '마우스로 물체를 끌고, F로 던지고, 패널에서 새로 만드세요.',
  'hint.pyramid':
    '블록이 떨어질 때까지 상자들은 스스로 서 있습니다. 11층은 Jolt의 상자 1,771개 시험입니다.',
  'hint.rain': '여러 모양이 쏟아집니다. 떨어질 때는 스텝당 물리 시간이 오르고, 잠들면 내려갑니다.',
  'hint.spring': '방식을 가변으로 바꾸고 끊김을 넣으면 (H) 사슬이 터져 나갑니다.',
  'hint.stack': '탑에 공을 던지거나 (F) 벽돌 하나를 끌어내 보세요.',
  'hint.tower': '공이 탑을 무너뜨립니다. 다시 보려면 초기화 (R), 더 던지려면 F.',
  'hint.tunnel': '가변 방식 + 끊김 (H): 긴 스텝 한 번에 공이 벽을 그대로 지나갑니다.',

  'hud.thread': '물리 스레드',
  'hud.threadMain': '메인',
  'hud.threadWorker': '워커, {transport}, +{steps} 스텝',
  'hud.fps': '초당 프레임',
  'hud.steps': '프레임당 스텝',
  'hud.alpha': '알파',
  'hud.accumulator': '누적기',
  'hud.physicsPerStep': '스텝당 물리',
  'hud.interpolation': '프레임당 보간',
  'hud.bodies': '물체 (깨어남 / 잠듦)',
  'hud.simOverReal': '시뮬 ÷ 실제 시간',
  'hud.givenUp': '버린 시간: 상한/클램프/조절',
  'hud.value.physicsPerStep': '{0} ms (dt의 {1}%)',
  'hud.value.simOverReal': '{0}× ({1}초, {2} 프레임)',
  'hud.paused': '일시정지',
  'hud.slowMotion': '슬로 모션 ×{0} — {1}초 버림',

  'message.urlErrors': 'URL 매개변수 {count}개를 쓰지 않았습니다:',
  'message.badLanguage':
    "URL 매개변수 'lang' = {value} 값이 잘못되었습니다. {valid} 중 하나여야 합니다. '{language}'(으)로 표시합니다.",
  'message.dismiss': '닫기',
  'message.dismissLabel': '메시지 닫기',

  'spec.integer': '{min}부터 {max}까지의 정수',
  'spec.number': '{min}부터 {max}까지의 수',
  'spec.oneOf': '{choices} 중 하나',
  'spec.boolean': 'true 또는 false',
  'setting.unknown': '{key}(이)라는 설정은 없습니다. 있는 설정: {valid}.',
  'setting.invalid': "설정 '{key}' = {value}: 올바르지 않은 값입니다. 필요한 값: {expected}.",
  'setting.notObject': '설정 패치는 { physicsHz: 60 } 같은 객체여야 합니다. 받은 값: {value}.',
  'setting.retired':
    '{what} = {value}: 더는 쓰지 않는 설정입니다. 접촉 솔버는 이제 한 스레드에서 돌고 물리 결과는 비트 단위로 같습니다. 그래서 {outcome}.',
  'setting.retiredName': "설정 '{key}'",
  'setting.retiredOutcome': '나머지 설정만 적용했습니다',

  'url.badScene':
    "URL 매개변수 'scene' = {value}: 그런 장면은 없습니다. 있는 장면: {valid}. '{scene}'(으)로 엽니다.",
  'url.fixedCount':
    "URL 매개변수 'count'는 무시합니다: 장면 '{scene}'은(는) 크기가 정해져 있습니다.",
  'url.badCount':
    "URL 매개변수 'count' = {value}: 장면 '{scene}'에 맞지 않는 값입니다. 필요한 값: {expected}. {count}(으)로 엽니다.",
  'url.badSeed':
    "URL 매개변수 'seed' = {value}: 올바르지 않은 값입니다. 필요한 값: {expected}. {seed}(으)로 엽니다.",
  'url.booleanSpec': '1, 0, true 또는 false',
  'url.badSetting':
    "URL 매개변수 '{param}' = {value}: 올바르지 않은 값입니다. 필요한 값: {expected}. 기본값을 씁니다.",
  'url.retiredName': "URL 매개변수 '{param}'",
  'url.retiredOutcome': '페이지는 한 스레드로 열렸습니다',
  'url.nearMiss':
    "URL 매개변수 {param}은(는) 이 페이지가 읽는 이름이 아닙니다. '{known}'을(를) 쓰려던 것인가요? 무시했습니다.",
  'url.unread':
    'URL 매개변수 중 이 페이지가 읽지 않는 것은 무시했습니다(모두 {count}개): {names}. 이 페이지가 읽는 매개변수: {valid}.',
  'url.repeated':
    "URL 매개변수 '{param}'이(가) {count}번 들어 있습니다({values}). 첫 번째 값을 쓰고 나머지는 무시합니다.",

  'api.loadOptions': 'load 옵션은 { count: 300, seed: 7 } 같은 객체여야 합니다. 받은 값: {value}.',
  'api.unknownLoadOption': '{key}(이)라는 load 옵션은 없습니다. 있는 옵션: count, seed.',
  'api.loadCount': 'load 옵션 count = {value}: 올바르지 않은 값입니다. 필요한 값: 정수.',
  'api.loadSeed': 'load 옵션 seed = {value}: 올바르지 않은 값입니다. 필요한 값: {expected}.',
  'api.loadScene': 'load에는 장면 이름이 필요합니다. 받은 값: {value}. 있는 장면: {valid}.',
  'api.advanceArray':
    'advance에는 [1/60, 1/60]처럼 프레임 길이(초)의 배열이 필요합니다. 받은 값: {value}.',
  'api.advanceTooMany': 'advance에 프레임 {count}개가 왔습니다. 한 번에 최대 {max}개입니다.',
  'api.advanceFrame':
    'advance 프레임 {frame} = {value}: 올바르지 않은 값입니다. 필요한 값: 0 이상의 유한한 초.',
  'api.indexNoBodies': '{call} index = {value}: 올바르지 않은 값입니다. 장면에 물체가 없습니다.',
  'api.index':
    '{call} index = {value}: 올바르지 않은 값입니다. 필요한 값: 0부터 {max}까지의 정수 (장면의 물체 {count}개).',
  'api.hitch': '끊김 길이(hitch seconds) = {value}: 올바르지 않은 값입니다. 필요한 값: {expected}.',
  'api.track':
    'track index = {value}: 올바르지 않은 값입니다. 필요한 값: null 또는 0부터 {max}까지의 정수.',
  'api.alreadyRecording': '이미 기록 중입니다. 먼저 stopRecording()을 부르세요.',
  'api.notRecording': '기록 중이 아닙니다. 먼저 record()를 부르세요.',
  'api.replayWhileRecording':
    '기록 중입니다. 먼저 stopRecording()을 부르세요 (재생하면 기록이 버려집니다).',
  'api.seekNoReplay': 'seek에는 재생이 필요합니다. 먼저 replay(recording)를 부르세요.',
  'api.notDrawn': '물체 {index}은(는) 아직 그려지지 않았습니다.',
  'api.atStep': 'atStep = {value}: 올바르지 않은 값입니다. 필요한 값: 0 이상의 정수.',

  'message.noTracked': '추적 중인 물체가 없습니다. 물체를 클릭해 추적한 뒤 지우세요.',
  'message.noDragInLab':
    '결정성 실험실에서는 끌기가 꺼져 있습니다. 마우스는 스텝 사이 실제 시간에 당기므로, 두 세계가 서로 다른 스텝에서 힘을 받아 갈라집니다. 대신 생성하거나 던지세요 (F). 그러면 두 세계가 같은 스텝에 받습니다.',
  'message.webglLost':
    'WebGL 컨텍스트를 잃어 (GPU 재설정 또는 3D 페이지가 너무 많음) 아무것도 그릴 수 없습니다. 시뮬레이션은 계속 돌고, 브라우저가 컨텍스트를 되찾으면 다시 그립니다.',
  'message.webglRestored': 'WebGL 컨텍스트를 되찾았습니다. 다시 그립니다.',
  'message.workerFallback':
    '물리가 페이지 자체 스레드에서 돕니다: 물리 워커 문제 ({reason}). {rebuilt}. 이제 그리기와 물리가 매 프레임을 나눠 씁니다.',
  'message.rebuiltSameStep':
    '장면을 여기서 같은 스텝({step})으로 다시 세웠습니다 (입력은 다시 재생)',
  'message.startedAgain':
    '장면을 여기서 처음부터 다시 시작했습니다 (세계를 다시 세울 수 없음: {error})',
  'message.recoveringPhysics':
    '물리 복구 중: 물리 워커 문제 ({reason}). 마지막으로 보인 스텝({step})까지 이 페이지에서 세계를 다시 세우고 있습니다. 그동안 화면은 멈춰 있습니다.',
  'message.workerSilent': '응답 없음, {seconds}초째 아무 신호가 없음',
  'message.stayedHere': '장면은 그대로입니다',
  'message.otherPhysicsState':
    '이 저장 상태는 다른 물리(버전 {version})로 만들어졌습니다. 이 빌드는 버전 {current}입니다. 불러오기는 되지만, 여기서부터의 스텝은 만들 때와 다를 수 있습니다.',
  'message.otherPhysicsRecording':
    '이 기록은 다른 물리(버전 {version})로 만들어졌습니다. 이 빌드는 버전 {current}입니다. 불러오기는 되지만, 여기서부터의 스텝은 만들 때와 다를 수 있습니다. 재생은 처음 갈라진 스텝을 알려 줍니다.',
  'fault.range': '세계 밖으로 나감 (원점에서 {limit} m 넘게)',
  'fault.mass': '무게(질량 × g)가 너무 커서 시뮬레이션할 수 없음',
  'fault.notFinite': '{what} 값이 NaN 또는 무한대가 됨',
  'fault.body': '{kind} #{index}, 스텝 {step}: {reason}',
  'fault.oneBody': '물체 1개',
  'fault.bodies': '물체 {count}개',
  'fault.more': '; 그 밖에 {count}개',
  'fault.summary':
    '물리 상태가 깨진 {bodies}를 없앴습니다 ({list}{more}). 장면의 나머지는 계속 돕니다.',

  'record.whereStep': '스텝 {step}',
  'record.whereBody': '물체 {body}',
  'record.dropNoFile':
    '끌어다 놓은 것에 파일이 없습니다. "상태 저장"이나 "기록 저장"으로 만든 .json 파일을 놓으세요.',
  'record.theLink': '링크',
  'record.droppedMany': '파일 {count}개를 놓았습니다. 첫 번째 파일만 엽니다.',
  'record.notOpened': '{source}을(를) 열지 못했습니다. {reason}',
  'record.linkCopied': '클립보드에 복사했습니다',
  'record.linkNotCopied':
    '복사하지 못했습니다 (클립보드가 거부함: {reason}). 주소창에서 복사하세요',
  'record.linkWhatState': '지금 이 순간',
  'record.linkWhatRecording': '기록',
  'record.linkMade': '{what}의 링크({length}자)가 주소창에 있습니다. {copied}.',
  'file.label': '파일 {name}',
  'file.state': '저장 상태',
  'file.recording': '기록',
  'file.either': '저장 상태나 기록',
  'file.tooLarge':
    '{source}: {size}바이트입니다. {what}은(는) 최대 {limit}바이트({mib} MiB)라서 읽지 않았습니다.',
  'file.tooLargeForKind':
    '{source}: {size}바이트짜리 {what}입니다. 이 종류는 최대 {limit}바이트({mib} MiB)까지라서 열지 않았습니다.',

  'notice.noWebglTitle': '3D 보기를 쓸 수 없습니다: WebGL 2가 없습니다',
  'notice.noWebglBecause': '아무것도 그릴 수 없습니다. 이유: {reason}.',
  'notice.webgl1': '이 브라우저는 WebGL 1만 제공하는데, 3D 보기에는 WebGL 2가 필요함',
  'notice.noWebgl': '이 브라우저가 페이지에 WebGL을 주지 않음',
  'notice.noWebglWhy': '이 브라우저가 페이지에 WebGL을 주지 않음 ({detail})',
  'notice.rendererFailed': 'WebGL 렌더러를 시작하지 못함 ({detail})',
  'notice.noWebglFix':
    '장면을 보려면 브라우저 설정에서 하드웨어(그래픽) 가속을 켜고 새로 고치거나, 최신 Chrome, Edge, Firefox, Safari에서 여세요.',
  'notice.noWebglRuns':
    '시뮬레이션, HUD, 패널, 스크립팅 API(window.sandbox)는 그리지 않고 계속 돕니다.',
  'notice.startupTitle': '샌드박스를 시작하지 못했습니다',
  'notice.startupRetry': '페이지를 새로 고치세요. 계속 안 되면 다른 브라우저를 써 보세요.',

  'view.ghostLegend': '면: 그려진 자세 · 와이어프레임: 가공 전 현재 물리 스냅샷',
  'view.drawnAsOff': '{mode}: 끔으로 그림 ({strategy} 방식은 섞을 알파가 없음)',
  'twin.caption': '{hz} Hz 화면 · 스텝 {step}',
  'twin.waiting': '첫 스텝을 기다리는 중…',
  'twin.identical': '스텝 {step}에서 똑같음 ✓',
  'twin.diverged': '어긋남 ✗ {where}',
  'twin.firstAt': '처음 어긋난 스텝 {step}{where}',
  'twin.where': ' · 물체 {body} {field}',
  'stutter.delete': '이 물체 삭제 (Del)',
  'stutter.removed': '버벅임 측정: 추적하던 물체가 사라짐 — 다른 물체를 클릭해 추적하세요',
  'stutter.untracked': '버벅임 측정: 물체를 클릭해 추적하세요',
  'stutter.readout': '물체 {body} — 떨림 {jitter}% · 오차 {error} mm · {frames} 프레임',
  'stutter.chartUnavailable':
    '차트를 쓸 수 없음: 브라우저 언어 {language}에서 시작하지 못했습니다 ({reason}). 위의 떨림과 오차 수치는 영향이 없습니다.',
  'chart.frameMs': '프레임 ms',
  'chart.movedMm': '이동 mm',
  'chart.steps': '스텝',
  'chart.alpha': '알파',
  'hud.transport.shared': '공유',
  'hud.transport.transfer': '전송',
  'hud.transport.direct': '직접',

  'help.keys':
    '끌기: 물체 옮기기 · 클릭: 추적 · 오른쪽 끌기/스크롤: 카메라 · F 던지기 · H 끊김 · 스페이스 일시정지 · . 한 스텝 · R 초기화 · I 보간 · Del 추적 물체 삭제',
  'help.touch':
    '한 손가락: 물체 끌기 또는 시점 돌리기 · 탭: 물체 추적 · 두 손가락: 이동, 확대/축소',
  'tour.label': '"Fix Your Timestep!" 가이드 투어',
  'tour.counter': '{n} / {total}',
  'tour.back': '이전',
  'tour.next': '다음',
  'tour.close': '투어 닫기',
  'tour.open': '투어 계속하기',
  'tour.chapters': '장 목록',
  'tour.badLink':
    "URL 매개변수 'tour' = {value} 값이 잘못되었습니다. {valid} 중 하나여야 합니다. 투어를 열지 않습니다.",
  'tour.fixedPerFrame.title': '프레임마다 고정 스텝 하나',
  'tour.fixedPerFrame.body':
    '그리는 프레임마다 물리를 10 ms짜리 고정 스텝 하나만큼 진행합니다. 프레임이 실제로 얼마나 걸렸는지는 상관하지 않습니다. 에뮬레이션한 30 Hz 화면에서는 실제 1초에 시뮬레이션이 0.3초만 흘러 모든 것이 느리게 움직입니다. 속도가 화면에 달려 있습니다.',
  'tour.fixedPerFrame.measure': '시뮬레이션 ÷ 실제 {value} · 프레임률 × dt {expected}',
  'tour.fixedPerFrame.try': '끊김 넣기 (H)',
  'tour.variable.title': '가변 스텝',
  'tour.variable.body':
    '이제 스텝 하나가 프레임 길이만큼 깁니다. 속도는 맞지만 물리는 틀립니다. 이 단단한 스프링에는 10 ms 이하의 스텝이 필요한데, 느린 프레임이나 끊김이 커다란 스텝 하나를 만들면 사슬이 흩어집니다(tunnel 장면에서는 빠른 공이 벽을 뚫고 지나갑니다). 에너지를 보세요.',
  'tour.variable.measure': '사슬 에너지 {value} J',
  'tour.variable.try': '초기화 후 끊김 넣기 (R, H)',
  'tour.spiral.title': '준고정 스텝과 죽음의 나선',
  'tour.spiral.body':
    '여기서 스텝 하나는 10 ms를 시뮬레이션하지만 계산에 14 ms가 듭니다. 안전장치를 풀면 프레임마다 더 긴 프레임을 따라잡아야 해서 프레임이 계속 길어집니다. 이것이 죽음의 나선입니다. 클램프와 스텝 상한이 켜져 있으면 대신 시뮬레이션이 느려지고 시간을 포기합니다.',
  'tour.spiral.measure': '프레임 {value} ms · 시뮬레이션 ÷ 실제 {rate} · 포기 {lost} s',
  'tour.spiral.try': '안전장치 풀기 (4초)',
  'tour.spiral.lifted': '안전장치를 풀었습니다: 차트를 보세요',
  'tour.accumulator.title': '물리를 풀어 주기: 누적기',
  'tour.accumulator.body':
    '프레임 시간을 누적기에 쌓고, 물리는 거기서 10 ms짜리 고정 스텝을 통째로 꺼내 씁니다. 어떤 화면에서도 결과가 같습니다(상태 해시가 같음). 하지만 60 Hz에서는 프레임마다 스텝이 하나 또는 둘이라 움직임이 떨립니다.',
  'tour.accumulator.measure': '떨림 {value} %',
  'tour.accumulator.try': '보간 켜기',
  'tour.interpolation.title': '마지막 손질: 보간',
  'tour.interpolation.body':
    '마지막 두 스텝 사이를 알파(누적기에 남은 스텝의 비율)로 섞어 그립니다. 떨림은 사라지고, 세계는 한 스텝 늦게 보입니다. 유령은 실제 스텝을 보여 주고, 외삽은 앞을 짐작하다가 지나칩니다.',
  'tour.interpolation.measure': '떨림 {value} %',
  'tour.interpolation.try': '보간 끄기',
  'tour.hud.title': 'HUD가 알려 주는 것',
  'tour.hud.body':
    '끊김 뒤에 루프가 시뮬레이션하지 않을 시간은 포기합니다. 클램프가 자르고, 스텝 상한이 버리고, 과부하 조절기가 붙잡습니다. HUD가 그 시간을 초로 셉니다. 플레이어는 잠깐 느려지는 것만 볼 뿐, 멈추거나 터지는 것은 보지 않습니다.',
  'tour.hud.measure': '포기 {value} s (클램프 {clamp} · 스텝 상한 {cap} · 조절기 {governor})',
  'tour.hud.try': 'H를 눌러 끊김 넣기',
};
