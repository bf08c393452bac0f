import heronarts.lx.LX;
import heronarts.lx.effect.InvertEffect;
import heronarts.lx.mixer.LXChannel;
import heronarts.lx.modulation.LXCompoundModulation;
import heronarts.lx.modulation.LXModulationEngine;
import heronarts.lx.modulation.LXTriggerModulation;
import heronarts.lx.modulator.BooleanLogic;
import heronarts.lx.modulator.ComparatorModulator;
import heronarts.lx.modulator.CycleModulator;
import heronarts.lx.modulator.LXModulator;
import heronarts.lx.modulator.LXWaveshape;
import heronarts.lx.modulator.OperatorModulator;
import heronarts.lx.modulator.Scaler;
import heronarts.lx.modulator.Smoother;
import heronarts.lx.modulator.Spring;
import heronarts.lx.modulator.VariableLFO;
import heronarts.lx.parameter.BooleanParameter;
import heronarts.lx.parameter.CompoundParameter;
import heronarts.lx.parameter.LXNormalizedParameter;
import heronarts.lx.parameter.LXParameter;
import heronarts.lx.pattern.LXPattern;
import heronarts.lx.pattern.color.SolidPattern;
import heronarts.lx.structure.GridFixture;

import java.io.File;

/**
 * Builds the scenes of test/golden/lx-scenes/modulators with LX 1.2.1's API and saves each with
 * LX.saveProject: modulators that process other modulators, chained so that every modulator
 * shows in the pixels (each channel is a Solid of one primary color whose fader a modulator drives).
 *
 *   java -cp CP:CLASSES ModulatorScenes OUTDIR
 */
public class ModulatorScenes {

  public static void main(String[] args) throws Exception {
    File out = new File(args[0]);
    out.mkdirs();
    smootherSpring(new File(out, "smoother_spring.lxp"));
    scalerShapes(new File(out, "scaler_shapes.lxp"));
    operatorNan(new File(out, "operator_nan.lxp"));
    logicInvert(new File(out, "logic_invert.lxp"));
    cycleSpeeds(new File(out, "cycle_speeds.lxp"));
    chainHue(new File(out, "chain_hue.lxp"));
    nanSpread(new File(out, "nan_spread.lxp"));
    deviceChain(new File(out, "device_chain.lxp"));
    orderScopes(new File(out, "order_scopes.lxp"));
    nanBlends(new File(out, "nan_blends.lxp"));
    runStop(new File(out, "run_stop.lxp"));
    System.exit(0);
  }

  static LX newLX() {
    LX.Flags flags = new LX.Flags();
    flags.loadPreferences = false;
    flags.autosave = false;
    LX lx = new LX(flags);
    GridFixture grid = new GridFixture(lx);
    grid.numRows.setValue(10);
    grid.numColumns.setValue(20);
    lx.structure.addFixture(grid);
    return lx;
  }

  /** A channel showing one fixed color, its fader at 0 for a modulator to drive. */
  static SolidPattern solid(LX lx, String label, int color) {
    SolidPattern solid = new SolidPattern(lx);
    solid.color.setColor(color);
    LXChannel ch = lx.engine.mixer.addChannel(new LXPattern[] { solid });
    ch.label.setValue(label);
    ch.fader.setValue(0);
    return solid;
  }

  static CompoundParameter fader(SolidPattern p) {
    return ((LXChannel) p.getChannel()).fader;
  }

  static VariableLFO lfo(LX lx, String label, int wave, double periodMs) {
    VariableLFO lfo = new VariableLFO(label);
    lfo.waveshape.setValue(wave);
    lfo.periodFast.setValue(periodMs);
    return lfo;
  }

  /** Adds the modulators in this order (the order LX runs them) and starts them, as LX's UI does. */
  static void add(LX lx, LXModulator... modulators) {
    for (LXModulator m : modulators) {
      lx.engine.modulation.addModulator(m);
      m.start();
    }
  }

  static LXCompoundModulation modulate(LX lx, LXModulator source, CompoundParameter target, double range) throws Exception {
    LXCompoundModulation m = new LXCompoundModulation(lx.engine.modulation, (LXNormalizedParameter) source, target);
    m.range.setValue(range);
    lx.engine.modulation.addModulation(m);
    return m;
  }

  static LXTriggerModulation trigger(LX lx, BooleanParameter source, BooleanParameter target) throws Exception {
    LXTriggerModulation t = new LXTriggerModulation(lx.engine.modulation, source, target);
    lx.engine.modulation.addTrigger(t);
    return t;
  }

  // Smoother following a sine LFO it runs BEFORE (so it reads the LFO's previous value), and a
  // bouncy Spring pulled by a square LFO, its tension driven by the smoother.
  static void smootherSpring(File f) throws Exception {
    LX lx = newLX();
    SolidPattern red = solid(lx, "Smoothed", 0xffff0000);
    SolidPattern green = solid(lx, "Spring", 0xff00ff00);
    SolidPattern blue = solid(lx, "Slow", 0xff0000ff);
    Smoother smoother = new Smoother("Smoother");
    smoother.window.setValue(0.3);
    smoother.windowRangeMs.setValue(800);
    VariableLFO sine = lfo(lx, "Sine", 0, 900);
    VariableLFO square = lfo(lx, "Square", 2, 1300);
    Spring spring = new Spring("Spring");
    spring.tension.setValue(0.3);
    spring.friction.setValue(0.15);
    spring.bounce.setValue(0.7);
    Smoother slow = new Smoother("Slow");
    slow.window.setValue(0.05);
    slow.windowRangeMs.setValue(20000);
    add(lx, smoother, sine, square, spring, slow);
    modulate(lx, sine, smoother.input, 1);
    modulate(lx, square, spring.position, 0.9);
    modulate(lx, smoother, spring.tension, 0.5);
    modulate(lx, square, slow.input, 1);
    modulate(lx, sine, slow.window, 0.3);
    modulate(lx, smoother, fader(red), 1);
    modulate(lx, spring, fader(green), 1);
    modulate(lx, slow, fader(blue), 1);
    lx.saveProject(f);
  }

  // Three Scalers: unipolar input with a negative gain and positive shaping; bipolar input and
  // bipolar gain with negative shaping; bipolar input, unipolar gain, positive shaping, its gain
  // driven by the first scaler.
  static void scalerShapes(File f) throws Exception {
    LX lx = newLX();
    SolidPattern red = solid(lx, "A", 0xffff0000);
    SolidPattern green = solid(lx, "B", 0xff00ff00);
    SolidPattern blue = solid(lx, "C", 0xff0000ff);
    VariableLFO sine = lfo(lx, "Sine", 0, 1100);
    VariableLFO tri = lfo(lx, "Triangle", 1, 1700);
    Scaler a = new Scaler("Negative");
    a.gainFactor.setValue(-1.5);
    a.offset.setValue(0.1);
    a.shaping.setValue(0.5);
    Scaler b = new Scaler("Bipolar");
    b.inputPolarity.setValue(LXParameter.Polarity.BIPOLAR);
    b.gainPolarity.setValue(LXParameter.Polarity.BIPOLAR);
    b.gainBipolar.setValue(-0.7);
    b.gainFactor.setValue(2);
    b.offset.setValue(-0.05);
    b.shaping.setValue(-0.6);
    Scaler c = new Scaler("Shaped");
    c.inputPolarity.setValue(LXParameter.Polarity.BIPOLAR);
    c.gainFactor.setValue(3);
    c.gainUnipolar.setValue(0.8);
    c.shaping.setValue(0.8);
    add(lx, sine, tri, a, b, c);
    modulate(lx, sine, a.input, 1);
    modulate(lx, sine, b.input, 1);
    modulate(lx, tri, c.input, 1);
    modulate(lx, a, c.gainUnipolar, -0.5);
    modulate(lx, a, fader(red), 1);
    modulate(lx, b, fader(green), 1);
    modulate(lx, c, fader(blue), 1);
    lx.saveProject(f);
  }

  // Operators: MULTIPLY (amount 0.7), RATIO of two square LFOs (0/0 = NaN whenever both are 0),
  // DIVIDE by a square LFO (x/0), and an ADD fed by the ratio.
  static void operatorNan(File f) throws Exception {
    LX lx = newLX();
    SolidPattern red = solid(lx, "Multiply", 0xffff0000);
    SolidPattern green = solid(lx, "Ratio", 0xff00ff00);
    SolidPattern blue = solid(lx, "Divide", 0xff0000ff);
    SolidPattern white = solid(lx, "Add", 0xff808080);
    VariableLFO sqA = lfo(lx, "SquareA", 2, 700);
    VariableLFO sqB = lfo(lx, "SquareB", 2, 1100);
    VariableLFO sine = lfo(lx, "Sine", 0, 1300);
    OperatorModulator mul = new OperatorModulator("Multiply");
    mul.operation.setValue(OperatorModulator.Operation.MULTIPLY);
    mul.amount.setValue(0.7);
    OperatorModulator ratio = new OperatorModulator("Ratio");
    ratio.operation.setValue(OperatorModulator.Operation.RATIO);
    OperatorModulator div = new OperatorModulator("Divide");
    div.operation.setValue(OperatorModulator.Operation.DIVIDE);
    div.amount.setValue(0.6);
    OperatorModulator sum = new OperatorModulator("Add");
    sum.operation.setValue(OperatorModulator.Operation.ADD);
    sum.amount.setValue(0.5);
    sum.in2.setValue(0.2);
    add(lx, sqA, sqB, sine, mul, ratio, div, sum);
    modulate(lx, sine, mul.in1, 1);
    modulate(lx, sqA, mul.in2, 1);
    modulate(lx, sqA, ratio.in1, 1);
    modulate(lx, sqB, ratio.in2, 1);
    modulate(lx, sine, div.in1, 1);
    modulate(lx, sqB, div.in2, 1);
    modulate(lx, ratio, sum.in1, 1);
    modulate(lx, mul, fader(red), 1);
    modulate(lx, ratio, fader(green), 1);
    modulate(lx, div, fader(blue), 1);
    modulate(lx, sum, fader(white), 1);
    lx.saveProject(f);
  }

  // Two Comparators trigger a BooleanLogic (XOR, then AND with an inverted false input), whose
  // output toggles an Invert effect on the master: its 250 ms enable and disable fades show.
  static void logicInvert(File f) throws Exception {
    LX lx = newLX();
    SolidPattern red = solid(lx, "Sine", 0xffff0000);
    SolidPattern green = solid(lx, "Triangle", 0xff00ff00);
    SolidPattern blue = solid(lx, "Steady", 0xff0000ff);
    ((LXChannel) blue.getChannel()).fader.setValue(0.4);
    VariableLFO sine = lfo(lx, "Sine", 0, 1000);
    VariableLFO tri = lfo(lx, "Triangle", 1, 1500);
    ComparatorModulator c1 = new ComparatorModulator("Sine>Tri");
    c1.comparison.setValue(ComparatorModulator.Comparison.GREATER);
    ComparatorModulator c2 = new ComparatorModulator("Sine<0.3");
    c2.in2.setValue(0.3);
    BooleanLogic logic = new BooleanLogic("Logic");
    logic.op1.setValue(BooleanLogic.Operator.XOR);
    logic.not3.setValue(true);
    logic.op2.setValue(BooleanLogic.Operator.AND);
    add(lx, sine, tri, c1, c2, logic);
    modulate(lx, sine, c1.in1, 1);
    modulate(lx, tri, c1.in2, 1);
    modulate(lx, sine, c2.in1, 1);
    trigger(lx, c1.out, logic.in1);
    trigger(lx, c2.out, logic.in2);
    InvertEffect invert = new InvertEffect(lx);
    invert.amount.setValue(0.9);
    invert.greenAmount.setValue(0.5);
    lx.engine.mixer.masterBus.addEffect(invert);
    trigger(lx, logic.out, invert.enabled);
    modulate(lx, sine, fader(red), 1);
    modulate(lx, tri, fader(green), 1);
    lx.saveProject(f);
  }

  // Cycles: unipolar speed; bipolar speed (saved as -0.6, but LX's load sets the polarity after
  // the speed and copies the unipolar speed over it) driven negative by a sine LFO that runs after
  // it (so it reads the LFO's previous value); a unipolar speed driven by the same LFO.
  static void cycleSpeeds(File f) throws Exception {
    LX lx = newLX();
    SolidPattern red = solid(lx, "Forward", 0xffff0000);
    SolidPattern green = solid(lx, "Backward", 0xff00ff00);
    SolidPattern blue = solid(lx, "Driven", 0xff0000ff);
    CycleModulator a = new CycleModulator("Forward");
    a.speedUnipolar.setValue(0.37);
    a.speedRangeHz.setValue(2);
    CycleModulator b = new CycleModulator("Backward");
    b.speedPolarity.setValue(LXParameter.Polarity.BIPOLAR);
    b.speedBipolar.setValue(-0.6);
    b.speedRangeHz.setValue(1.5);
    VariableLFO sine = lfo(lx, "Sine", 0, 1200);
    CycleModulator c = new CycleModulator("Driven");
    c.speedUnipolar.setValue(0);
    c.speedRangeHz.setValue(3);
    add(lx, a, b, c, sine);
    modulate(lx, sine, c.speedUnipolar, 1);
    modulate(lx, sine, b.speedBipolar, -1.5);
    modulate(lx, a, fader(red), 1);
    modulate(lx, b, fader(green), 1);
    modulate(lx, c, fader(blue), 1);
    lx.saveProject(f);
  }

  // LFO -> Smoother -> Scaler -> Operator (LERP toward a Cycle) -> a Solid's hue; a Spring
  // pulled by the scaler drives its saturation.
  static void chainHue(File f) throws Exception {
    LX lx = newLX();
    SolidPattern solid = solid(lx, "Chain", 0xffff0000);
    ((LXChannel) solid.getChannel()).fader.setValue(1);
    solid.color.hue.setValue(0);
    solid.color.saturation.setValue(40);
    VariableLFO sine = lfo(lx, "Sine", 0, 1400);
    Smoother smoother = new Smoother("Smoother");
    smoother.window.setValue(0.2);
    Scaler scaler = new Scaler("Scaler");
    scaler.inputPolarity.setValue(LXParameter.Polarity.BIPOLAR);
    scaler.gainFactor.setValue(1.8);
    scaler.shaping.setValue(-0.4);
    CycleModulator cycle = new CycleModulator("Cycle");
    cycle.speedUnipolar.setValue(0.5);
    OperatorModulator op = new OperatorModulator("Lerp");
    op.amount.setValue(0.35);
    Spring spring = new Spring("Spring");
    spring.friction.setValue(0.3);
    add(lx, sine, smoother, scaler, cycle, op, spring);
    modulate(lx, sine, smoother.input, 1);
    modulate(lx, smoother, scaler.input, 1);
    modulate(lx, scaler, op.in1, 1);
    modulate(lx, cycle, op.in2, 1);
    modulate(lx, op, solid.color.hue, 1);
    modulate(lx, scaler, spring.position, 1);
    modulate(lx, spring, solid.color.saturation, 0.6);
    lx.saveProject(f);
  }

  // The NaN of a Ratio operator (both inputs 0 during the first 20 frames) spreading: into a
  // Solid's hue, through a Scaler, a Comparator (NaN > x is false) that triggers a Cycle, and a
  // Spring, which never recovers from it.
  static void nanSpread(File f) throws Exception {
    LX lx = newLX();
    SolidPattern hue = solid(lx, "Hue", 0xff0000ff);
    ((LXChannel) hue.getChannel()).fader.setValue(0.5);
    hue.color.saturation.setValue(80);
    SolidPattern red = solid(lx, "Scaled", 0xffff0000);
    SolidPattern green = solid(lx, "Cycle", 0xff00ff00);
    SolidPattern white = solid(lx, "Spring", 0xffffffff);
    VariableLFO sqA = lfo(lx, "SquareA", 2, 700);
    VariableLFO sqB = lfo(lx, "SquareB", 2, 1100);
    VariableLFO sine = lfo(lx, "Sine", 0, 500);
    OperatorModulator ratio = new OperatorModulator("Ratio");
    ratio.operation.setValue(OperatorModulator.Operation.RATIO);
    ratio.amount.setValue(0.8);
    Scaler scaler = new Scaler("Scaler");
    scaler.offset.setValue(0.2);
    scaler.shaping.setValue(0.3);
    ComparatorModulator cmp = new ComparatorModulator("Above");
    cmp.comparison.setValue(ComparatorModulator.Comparison.GREATER);
    cmp.in2.setValue(0.5);
    CycleModulator cycle = new CycleModulator("Cycle");
    cycle.speedUnipolar.setValue(0.6);
    Spring spring = new Spring("Spring");
    add(lx, sqA, sqB, sine, ratio, scaler, cmp, cycle, spring);
    modulate(lx, sqA, ratio.in1, 1);
    modulate(lx, sqB, ratio.in2, 1);
    modulate(lx, sine, ratio.in1, 0.1);
    modulate(lx, ratio, hue.color.hue, 0.5);
    modulate(lx, ratio, scaler.input, 1);
    modulate(lx, ratio, cmp.in1, 1);
    trigger(lx, cmp.out, cycle.trigger);
    modulate(lx, ratio, spring.position, 1);
    modulate(lx, scaler, fader(red), 1);
    modulate(lx, cycle, fader(green), 1);
    modulate(lx, spring, fader(white), 0.5);
    lx.saveProject(f);
  }

  // Modulators inside a pattern (a Cycle on its hue, an LFO through a Smoother and a Scaler on its
  // brightness), and an Invert effect on the channel toggled by a global Comparator every 150 ms,
  // faster than its 250 ms fade, so each fade turns around midway.
  static void deviceChain(File f) throws Exception {
    LX lx = newLX();
    SolidPattern solid = solid(lx, "Device", 0xffff0000);
    LXChannel ch = (LXChannel) solid.getChannel();
    ch.fader.setValue(1);
    solid.color.saturation.setValue(70);
    LXModulationEngine local = solid.modulation;
    CycleModulator cycle = new CycleModulator("Cycle");
    cycle.speedUnipolar.setValue(0.4);
    VariableLFO sine = lfo(lx, "Sine", 0, 800);
    Smoother smoother = new Smoother("Smoother");
    smoother.window.setValue(0.25);
    Scaler scaler = new Scaler("Scaler");
    scaler.gainFactor.setValue(-1);
    scaler.shaping.setValue(-0.5);
    for (LXModulator m : new LXModulator[] { smoother, cycle, sine, scaler }) {
      local.addModulator(m);
      m.start();
    }
    for (Object[] link : new Object[][] {
      { sine, smoother.input, 1.0 }, { smoother, scaler.input, 1.0 }, { cycle, solid.color.hue, 1.0 }, { scaler, solid.color.brightness, -0.7 } }) {
      LXCompoundModulation m = new LXCompoundModulation(local, (LXNormalizedParameter) link[0], (CompoundParameter) link[1]);
      m.range.setValue((Double) link[2]);
      local.addModulation(m);
    }
    VariableLFO fast = lfo(lx, "Fast", 0, 300);
    ComparatorModulator cmp = new ComparatorModulator("Fast>0.5");
    cmp.comparison.setValue(ComparatorModulator.Comparison.GREATER);
    cmp.in2.setValue(0.5);
    add(lx, fast, cmp);
    modulate(lx, fast, cmp.in1, 1);
    InvertEffect invert = new InvertEffect(lx);
    ch.addEffect(invert);
    trigger(lx, cmp.out, invert.enabled);
    lx.saveProject(f);
  }

  // Order and scope: global logic and comparators run before the LFOs they read (a frame late);
  // a global LFO drives a Smoother inside the pattern; a comparator's rising edge re-triggers a
  // Cycle inside the pattern (toggle -> momentary); the logic, inverted by its trigger mapping,
  // enables an Invert effect on the pattern; a bipolar modulation from a pattern Spring.
  static void orderScopes(File f) throws Exception {
    LX lx = newLX();
    SolidPattern solid = solid(lx, "Scoped", 0xffff0000);
    LXChannel ch = (LXChannel) solid.getChannel();
    ch.fader.setValue(1);
    solid.color.saturation.setValue(60);
    solid.color.brightness.setValue(60);
    SolidPattern blue = solid(lx, "Min", 0xff0000ff);
    LXModulationEngine local = solid.modulation;
    CycleModulator cycle = new CycleModulator("Cycle");
    cycle.speedUnipolar.setValue(0.3);
    Smoother smoother = new Smoother("Smoother");
    smoother.window.setValue(0.15);
    Spring spring = new Spring("Spring");
    spring.tension.setValue(0.6);
    spring.friction.setValue(0.2);
    for (LXModulator m : new LXModulator[] { cycle, smoother, spring }) {
      local.addModulator(m);
      m.start();
    }
    LXCompoundModulation hue = new LXCompoundModulation(local, cycle, solid.color.hue);
    hue.range.setValue(1);
    local.addModulation(hue);
    LXCompoundModulation pos = new LXCompoundModulation(local, smoother, spring.position);
    pos.range.setValue(1);
    local.addModulation(pos);
    LXCompoundModulation bright = new LXCompoundModulation(local, spring, solid.color.brightness);
    bright.polarity.setValue(LXParameter.Polarity.BIPOLAR);
    bright.range.setValue(0.4);
    local.addModulation(bright);
    InvertEffect invert = new InvertEffect(lx);
    invert.amount.setValue(0.8);
    solid.addEffect(invert);

    BooleanLogic logic = new BooleanLogic("Logic");
    logic.op1.setValue(BooleanLogic.Operator.AND);
    logic.op3.setValue(BooleanLogic.Operator.XOR);
    logic.not4.setValue(true);
    ComparatorModulator c1 = new ComparatorModulator("Sine>=Tri");
    c1.comparison.setValue(ComparatorModulator.Comparison.GREATER_EQUAL);
    ComparatorModulator c2 = new ComparatorModulator("Square==1");
    c2.comparison.setValue(ComparatorModulator.Comparison.EQUAL);
    c2.in2.setValue(1);
    VariableLFO sine = lfo(lx, "Sine", 0, 1000);
    VariableLFO tri = lfo(lx, "Triangle", 1, 1400);
    VariableLFO square = lfo(lx, "Square", 2, 600);
    OperatorModulator min = new OperatorModulator("Min");
    min.operation.setValue(OperatorModulator.Operation.MIN);
    min.amount.setValue(0.8);
    add(lx, logic, c1, c2, sine, tri, square, min);
    modulate(lx, sine, c1.in1, 1);
    modulate(lx, tri, c1.in2, 1);
    modulate(lx, square, c2.in1, 1);
    trigger(lx, c1.out, logic.in1);
    trigger(lx, c2.out, logic.in2);
    modulate(lx, sine, smoother.input, 1);
    trigger(lx, c2.out, cycle.trigger);
    trigger(lx, logic.out, invert.enabled).toggleMode.setValue(LXTriggerModulation.ToggleMode.INVERT);
    modulate(lx, sine, min.in1, 1);
    modulate(lx, tri, min.in2, 1);
    modulate(lx, min, fader(blue), 1);
    lx.saveProject(f);
  }

  // A Ratio operator's NaN (both square LFOs at 0: frames 0-20 and again later) on the faders of
  // channels in every channel blend mode over a gray base, on the crossfader (one channel in
  // group A, one in B), and on the amount of an Invert effect on the group B channel (a NaN
  // amount makes every entry of Invert's lookup tables 0: that channel goes black).
  static void nanBlends(File f) throws Exception {
    LX lx = newLX();
    SolidPattern base = solid(lx, "Base", 0xff808080);
    ((LXChannel) base.getChannel()).fader.setValue(1);
    VariableLFO sqA = lfo(lx, "SquareA", 2, 700);
    VariableLFO sqB = lfo(lx, "SquareB", 2, 1100);
    OperatorModulator ratio = new OperatorModulator("Ratio");
    ratio.operation.setValue(OperatorModulator.Operation.RATIO);
    ratio.amount.setValue(0.8);
    add(lx, sqA, sqB, ratio);
    modulate(lx, sqA, ratio.in1, 1);
    modulate(lx, sqB, ratio.in2, 1);
    int[] colors = { 0xffff4020, 0xff20ff40, 0xff4020ff, 0xffc0c000, 0xff00c0c0, 0xffc000c0, 0xff906030, 0xff309060, 0xff603090, 0xffe0e0e0 };
    for (int i = 0; i < colors.length; ++i) {
      SolidPattern p = solid(lx, "Blend" + (i + 1), colors[i]);
      LXChannel ch = (LXChannel) p.getChannel();
      ch.blendMode.setValue(i + 1);
      ch.fader.setValue(0.3);
      modulate(lx, ratio, ch.fader, 0.5);
    }
    SolidPattern a = solid(lx, "GroupA", 0xff00ff80);
    SolidPattern b = solid(lx, "GroupB", 0xffff0080);
    ((LXChannel) a.getChannel()).fader.setValue(0.6);
    ((LXChannel) b.getChannel()).fader.setValue(0.6);
    ((LXChannel) a.getChannel()).crossfadeGroup.setValue(LXChannel.CrossfadeGroup.A);
    ((LXChannel) b.getChannel()).crossfadeGroup.setValue(LXChannel.CrossfadeGroup.B);
    modulate(lx, ratio, lx.engine.mixer.crossfader, 0.7);
    InvertEffect invert = new InvertEffect(lx);
    invert.amount.setValue(0);
    ((LXChannel) b.getChannel()).addEffect(invert);
    modulate(lx, ratio, invert.amount, 0.6);
    lx.saveProject(f);
  }

  // Running and stopping by trigger mappings: a Comparator's output runs a Smoother and a Spring
  // (toggle -> toggle: they hold their value, and the spring its velocity, while stopped); another
  // Comparator's rising edge fires a stopped Cycle's Trigger (reset and start), a third its Reset
  // (stop at 0).
  static void runStop(File f) throws Exception {
    LX lx = newLX();
    SolidPattern red = solid(lx, "Smoother", 0xffff0000);
    SolidPattern green = solid(lx, "Spring", 0xff00ff00);
    SolidPattern blue = solid(lx, "Cycle", 0xff0000ff);
    VariableLFO sine = lfo(lx, "Sine", 0, 700);
    VariableLFO slow = lfo(lx, "Slow", 1, 1900);
    ComparatorModulator gate = new ComparatorModulator("Gate");
    gate.comparison.setValue(ComparatorModulator.Comparison.LESS_EQUAL);
    gate.in2.setValue(0.6);
    ComparatorModulator go = new ComparatorModulator("Go");
    go.comparison.setValue(ComparatorModulator.Comparison.GREATER);
    go.in2.setValue(0.25);
    ComparatorModulator halt = new ComparatorModulator("Halt");
    halt.comparison.setValue(ComparatorModulator.Comparison.GREATER);
    halt.in2.setValue(0.8);
    Smoother smoother = new Smoother("Smoother");
    smoother.window.setValue(0.2);
    Spring spring = new Spring("Spring");
    spring.friction.setValue(0.1);
    CycleModulator cycle = new CycleModulator("Cycle");
    cycle.speedRangeHz.setValue(1.3);
    add(lx, sine, slow, gate, go, halt, smoother, spring);
    lx.engine.modulation.addModulator(cycle);
    modulate(lx, slow, gate.in1, 1);
    modulate(lx, sine, go.in1, 1);
    modulate(lx, slow, halt.in1, 1);
    modulate(lx, sine, smoother.input, 1);
    modulate(lx, sine, spring.position, 1);
    trigger(lx, gate.out, smoother.running);
    trigger(lx, gate.out, spring.running);
    trigger(lx, go.out, cycle.trigger);
    trigger(lx, halt.out, cycle.reset);
    modulate(lx, smoother, fader(red), 1);
    modulate(lx, spring, fader(green), 1);
    modulate(lx, cycle, fader(blue), 1);
    lx.saveProject(f);
  }
}
