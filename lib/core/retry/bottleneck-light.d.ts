// plugin-throttling loads bottleneck's light build; the limiter takes Bottleneck's emitter from that same
// module (the full build costs ~8 ms more to load), which ships no types of its own.
declare module 'bottleneck/light.js' {
  import Bottleneck from 'bottleneck'
  export default Bottleneck
}
