// plugin-throttling schedules with bottleneck's light build; the pacing groups must come from the same
// (and smaller: ~8 ms less start-up than the full build) module, which ships no types of its own.
declare module 'bottleneck/light.js' {
  import Bottleneck from 'bottleneck'
  export default Bottleneck
}
