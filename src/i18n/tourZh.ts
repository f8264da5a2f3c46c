// The tour's texts in Chinese, typed from the English ones: a missing or extra key fails the type
// check. Terms of the article follow glossary.ts.

import type { TourTextKey } from './tourEn';

/** The guided tour's texts, in Chinese. */
export const TOUR_ZH: Readonly<Record<TourTextKey, string>> = {
  'tour.label': '《Fix Your Timestep!》导览',
  'tour.offer': '导览：六章看懂 Fix Your Timestep',
  'tour.offerClose': '不用了',
  'tour.short': '导览',
  'tour.counter': '{n} / {total}',
  'tour.back': '上一章',
  'tour.next': '下一章',
  'tour.close': '关闭导览',
  'tour.open': '继续导览',
  'tour.chapters': '章节',
  'tour.validChapters': '1 到 {count} 的数字，或 {ids} 之一',
  'tour.badLink': "URL 参数 'tour' = {value} 无效：应为 {valid}。导览不打开。",
  'tour.badChapter': '导览章节 {value} 无效：应为 {valid}。',
  'tour.fixedPerFrame.title': '每帧一个固定步长',
  'tour.fixedPerFrame.body':
    '这是文章里的第一种循环：每画一帧，物理就前进一个 10 ms 的固定步长，不管这一帧实际用了多久。所以只有在正好 100 Hz 的显示器上时间才对。在这台 30 Hz 的虚拟显示器上，真实的一秒只模拟 0.3 秒，成了慢动作；在 144 Hz 上又会太快。速度取决于显示器。',
  'tour.fixedPerFrame.measure': '模拟 ÷ 真实 {value} · 帧率 × dt {expected}',
  'tour.fixedPerFrame.try': '制造卡顿 (H)',
  'tour.variable.title': '可变步长',
  'tour.variable.body':
    '现在每一步和它的帧一样长：速度对了，但物理的表现取决于帧率。这些刚度很大的弹簧在步长不超过约 16 ms（61 Hz 或更高）时能保持住，步长再长就会爆开：144 Hz 下保持住，60 Hz 下爆开。选一个稳定的显示器刷新率，两种情况都能看到。一次卡顿 (H) 就是一帧 0.5 秒，被钳制成一个 0.25 秒的步长：在 144 Hz 下它会狠狠地踢一下链条，但链条不会散，之后又平静下来。',
  'tour.variable.measure': '链条能量：初始值的 ×{value}',
  'tour.variable.rates': '显示器：',
  'tour.variable.yours': '你的',
  'tour.variable.measuring': '正在测量你的显示器刷新率…',
  'tour.variable.holdYours': '你的显示器：{hz} Hz，步长 {ms} ms，这些弹簧能保持住。',
  'tour.variable.breakYours': '你的显示器：{hz} Hz，步长 {ms} ms，对这些弹簧来说太长：它们会爆开。',
  'tour.variable.holdSteady': '稳定的 {hz} Hz 显示器：步长 {ms} ms，这些弹簧能保持住。',
  'tour.variable.breakSteady':
    '稳定的 {hz} Hz 显示器：步长 {ms} ms，对这些弹簧来说太长：它们会爆开。',
  'tour.variable.try': '制造卡顿 (H)',
  'tour.spiral.title': '半固定步长与死亡螺旋',
  'tour.spiral.body':
    '半固定把每一帧切成不超过 dt（10 ms）的步，最后一步更短：25 ms 就是 10 + 10 + 5 ms。这里每一步模拟 10 ms，计算却要 14 ms，所以追赶所花的时间比追上的时间还长：解除保护后，每一帧都比上一帧更长，这就是死亡螺旋。开着保护（钳制、每帧 5 步的步数上限、过载调节器）时，模拟改为变慢，其余的时间被放弃。',
  'tour.spiral.measure': '帧 {value} ms：{steps} · 模拟 ÷ 真实 {rate} · 放弃 {lost} 秒',
  'tour.spiral.try': '解除保护：钳制、步数上限、调节器（4 秒）',
  'tour.spiral.lifted': '钳制、步数上限和调节器已关闭：看图表',
  'tour.accumulator.title': '解放物理：累加器',
  'tour.accumulator.body':
    '渲染器产生时间，物理以 10 ms 的固定步长把它消耗掉：帧时间存进累加器，其中每满 10 ms 就是一步，余下的留在里面等下一帧，不会被丢掉。同样的输入在任何显示器上都得到逐位相同的状态（哈希相同）。但在 60 Hz 下，一帧里有一步或两步，运动会抖动。',
  'tour.accumulator.measure': '抖动 {value} %',
  'tour.accumulator.try': '打开插值',
  'tour.interpolation.title': '最后的改变：插值',
  'tour.interpolation.body':
    '在上一步和当前步之间按 alpha = 累加器 ÷ dt（显示进入下一步的程度）混合来画：位置用线性插值（lerp），朝向用球面线性插值（slerp）。抖动消失了，画面最多落后一步。残影的线框显示未经处理的当前步。外推则向前猜：运动平稳时时间正好，一旦运动改变（反弹、转向）就会冲过头。',
  'tour.interpolation.measure': '抖动 {value} %',
  'tour.interpolation.try': '关闭插值',
  'tour.hud.title': '卡顿之后：钳制与 HUD',
  'tour.hud.body':
    '卡顿就是一帧用时太长：它持续期间什么都不动，那就是卡住。文章把帧时间钳制在 0.25 秒：0.5 秒卡顿之后的那一帧只追赶 0.25 秒（25 步，一次看得见的跳跃），另外 0.25 秒被放弃。钳制无法撤销卡住，它限制的是卡住之后的追赶：没有爆发，也没有死亡螺旋。HUD 按秒统计每一份放弃的时间：被钳制、步数上限和过载调节器放弃的。',
  'tour.hud.measure': '放弃 {value} 秒：钳制 {clamp} · 步数上限 {cap} · 调节器 {governor}',
  'tour.hud.try': '制造卡顿 (H)',
};
