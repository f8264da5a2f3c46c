// The tour's texts in Korean, typed from the English ones: a missing or extra key fails the type
// check. Terms of the article follow glossary.ts.

import type { TourTextKey } from './tourEn';

/** The guided tour's texts, in Korean. */
export const TOUR_KO: Readonly<Record<TourTextKey, string>> = {
  'tour.label': '"Fix Your Timestep!" 가이드 투어',
  'tour.offer': '투어: 여섯 장으로 보는 Fix Your Timestep',
  'tour.offerClose': '괜찮습니다',
  'tour.short': '투어',
  'tour.counter': '{n} / {total}',
  'tour.back': '이전',
  'tour.next': '다음',
  'tour.close': '투어 닫기',
  'tour.open': '투어 계속하기',
  'tour.chapters': '장 목록',
  'tour.validChapters': '1부터 {count}까지의 수, 또는 {ids} 중 하나',
  'tour.badLink':
    "URL 매개변수 'tour' = {value}: 올바르지 않은 값입니다. 필요한 값: {valid}. 투어를 열지 않습니다.",
  'tour.badChapter': '투어의 장 {value}: 올바르지 않은 값입니다. 필요한 값: {valid}.',
  'tour.fixedPerFrame.title': '프레임마다 고정 스텝 하나',
  'tour.fixedPerFrame.body':
    '글의 첫 번째 루프입니다. 프레임을 하나 그릴 때마다 물리를 10 ms짜리 고정 스텝 하나만큼 진행합니다. 프레임이 실제로 얼마나 걸렸는지는 보지 않습니다. 그래서 정확히 100 Hz인 화면에서만 시간이 맞습니다. 이 30 Hz 가상 화면에서는 실제 1초에 시뮬레이션이 0.3초만 흘러 슬로 모션이 되고, 144 Hz에서는 너무 빨리 흐릅니다. 속도가 화면에 달려 있습니다.',
  'tour.fixedPerFrame.measure': '시뮬레이션 ÷ 실제 {value} · 프레임률 × dt {expected}',
  'tour.fixedPerFrame.try': '끊김 넣기 (H)',
  'tour.variable.title': '가변 스텝',
  'tour.variable.body':
    '이제 스텝 하나가 그 프레임만큼 깁니다. 속도는 맞지만, 물리가 어떻게 움직이는지는 프레임률에 달려 있습니다. 이 강한 스프링은 스텝이 약 16 ms 이하(61 Hz 이상)면 버티고, 그보다 길면 터집니다. 144 Hz에서는 버티고 60 Hz에서는 터집니다. 일정한 화면 주사율을 골라 둘 다 보세요. 끊김(H)은 0.5초짜리 프레임 하나이고, 클램프되어 0.25초짜리 스텝 하나가 됩니다. 144 Hz에서 이 스텝은 사슬을 세게 치지만, 사슬은 끊어지지 않고 다시 가라앉습니다.',
  'tour.variable.measure': '사슬 에너지: 처음의 ×{value}',
  'tour.variable.rates': '화면:',
  'tour.variable.yours': '내 화면',
  'tour.variable.measuring': '내 화면의 주사율을 재는 중…',
  'tour.variable.holdYours': '내 화면: {hz} Hz, 곧 스텝이 {ms} ms라서 이 스프링은 버팁니다.',
  'tour.variable.breakYours':
    '내 화면: {hz} Hz, 곧 스텝이 {ms} ms라서 이 스프링에는 너무 깁니다. 스프링이 터집니다.',
  'tour.variable.holdSteady': '일정한 {hz} Hz 화면: 스텝이 {ms} ms라서 이 스프링은 버팁니다.',
  'tour.variable.breakSteady':
    '일정한 {hz} Hz 화면: 스텝이 {ms} ms라서 이 스프링에는 너무 깁니다. 스프링이 터집니다.',
  'tour.variable.try': '끊김 넣기 (H)',
  'tour.spiral.title': '반고정 스텝과 죽음의 나선',
  'tour.spiral.body':
    '반고정은 프레임을 길이가 dt(10 ms) 이하인 스텝으로 나누고, 마지막 스텝은 더 짧습니다. 25 ms는 10 + 10 + 5 ms입니다. 여기서는 스텝 하나가 10 ms를 시뮬레이션하는 데 14 ms의 계산이 들어서, 따라잡는 데 걸리는 시간이 따라잡은 시간보다 깁니다. 안전장치를 풀면 프레임이 갈수록 길어집니다. 이것이 죽음의 나선입니다. 안전장치(클램프, 프레임당 5 스텝인 스텝 상한, 과부하 조절기)가 켜져 있으면 대신 시뮬레이션이 느려지고, 나머지는 버린 시간이 됩니다.',
  'tour.spiral.measure':
    '프레임 {value} ms: {steps} · 시뮬레이션 ÷ 실제 {rate} · 버린 시간 {lost}초',
  'tour.spiral.try': '안전장치 풀기: 클램프, 스텝 상한, 조절기 (4초)',
  'tour.spiral.lifted': '클램프, 스텝 상한, 조절기 꺼짐: 차트를 보세요',
  'tour.accumulator.title': '물리를 자유롭게: 축적기',
  'tour.accumulator.body':
    '렌더러는 시간을 만들고, 물리는 그 시간을 10 ms짜리 고정 스텝으로 소모합니다. 프레임 시간은 축적기에 쌓이고, 그 안의 10 ms 하나하나가 스텝 하나가 됩니다. 남은 시간은 버려지지 않고 다음 프레임까지 그 안에서 기다립니다. 입력이 같으면 어떤 화면에서도 상태가 비트 하나까지 같습니다 (해시가 같음). 하지만 60 Hz에서는 프레임마다 스텝이 하나 또는 둘이라 움직임이 버벅입니다.',
  'tour.accumulator.measure': '버벅임 {value} %',
  'tour.accumulator.try': '보간 켜기',
  'tour.interpolation.title': '마지막 손질: 보간',
  'tour.interpolation.body':
    '이전 스텝과 현재 스텝 사이를 알파 = 축적기 ÷ dt (화면이 다음 스텝으로 얼마나 들어섰는지)로 섞어 그립니다. 위치는 선형 보간(lerp), 방향은 구면 보간(slerp)으로 섞습니다. 버벅임은 사라지고, 그림은 최대 한 스텝 늦습니다. 고스트의 와이어프레임은 가공 전 현재 스텝을 보여 줍니다. 외삽은 대신 앞을 짐작합니다. 움직임이 고를 때는 시간이 맞지만, 움직임이 바뀌는 곳(튕김, 방향 전환)마다 지나칩니다.',
  'tour.interpolation.measure': '버벅임 {value} %',
  'tour.interpolation.try': '보간 끄기',
  'tour.hud.title': '끊김 뒤: 클램프와 HUD',
  'tour.hud.body':
    '끊김은 너무 오래 걸린 프레임입니다. 그동안에는 아무것도 움직이지 않고, 그것이 곧 멈춤입니다. 글은 프레임 시간을 0.25초에서 클램프합니다. 0.5초짜리 끊김 다음 프레임은 0.25초(25 스텝, 눈에 보이는 한 번의 도약)만 따라잡고 나머지 0.25초는 버린 시간이 됩니다. 클램프는 멈춤을 되돌리지 못합니다. 멈춤 뒤의 따라잡기를 제한할 뿐입니다. 몰아치기도, 죽음의 나선도 없습니다. HUD는 버린 시간을 초 단위로, 클램프, 스텝 상한, 과부하 조절기별로 셉니다.',
  'tour.hud.measure': '버린 시간 {value}초: 클램프 {clamp} · 스텝 상한 {cap} · 조절기 {governor}',
  'tour.hud.try': '끊김 넣기 (H)',
};
