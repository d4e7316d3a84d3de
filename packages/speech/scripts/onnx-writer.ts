/**
 * Just enough of the ONNX protobuf format to write small graphs by hand: a model with named inputs,
 * outputs, float/int64 initialisers, nodes with int attributes and metadata. Field numbers are those
 * of onnx/onnx.proto (ModelProto, GraphProto, NodeProto, AttributeProto, TensorProto,
 * ValueInfoProto, TypeProto, TensorShapeProto, OperatorSetIdProto, StringStringEntryProto).
 * Used by build-tiny-asr-model.ts; no dependency, so the fixture can be rebuilt on a bare clone.
 */

const WIRE_VARINT = 0;
const WIRE_BYTES = 2;

/** ONNX TensorProto.DataType values used here. */
export const FLOAT = 1;
export const INT64 = 7;

function varint(value: number | bigint): Buffer {
  // Negative int64 values are written as their 64-bit two's complement (10 bytes).
  let v = BigInt(value);
  if (v < 0n) v += 1n << 64n;
  const out: number[] = [];
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) byte |= 0x80;
    out.push(byte);
  } while (v > 0n);
  return Buffer.from(out);
}

const tag = (field: number, wire: number) => varint((field << 3) | wire);
const intField = (field: number, value: number | bigint) =>
  Buffer.concat([tag(field, WIRE_VARINT), varint(value)]);
const bytesField = (field: number, bytes: Buffer) =>
  Buffer.concat([tag(field, WIRE_BYTES), varint(bytes.length), bytes]);
const stringField = (field: number, s: string) => bytesField(field, Buffer.from(s, 'utf8'));

/** A dimension: a fixed size or a symbolic name. */
export type Dim = number | string;

export interface ValueInfo {
  name: string;
  elemType: number;
  shape: Dim[];
}

export interface Initialiser {
  name: string;
  dataType: typeof FLOAT | typeof INT64;
  dims: number[];
  values: number[] | bigint[];
}

export interface Node {
  op: string;
  inputs: string[];
  outputs: string[];
  /** Integer attributes (e.g. `axis`). */
  ints?: Record<string, number>;
}

export interface ModelSpec {
  graphName: string;
  inputs: ValueInfo[];
  outputs: ValueInfo[];
  initialisers: Initialiser[];
  nodes: Node[];
  opset: number;
  metadata?: Record<string, string>;
  producer?: string;
}

function valueInfo(v: ValueInfo): Buffer {
  const dims = v.shape.map((d) => bytesField(1, typeof d === 'number' ? intField(1, d) : stringField(2, d)));
  const shape = Buffer.concat(dims);
  const tensorType = Buffer.concat([intField(1, v.elemType), bytesField(2, shape)]);
  const type = bytesField(1, tensorType);
  return Buffer.concat([stringField(1, v.name), bytesField(2, type)]);
}

function tensor(t: Initialiser): Buffer {
  const raw = Buffer.alloc(t.values.length * (t.dataType === FLOAT ? 4 : 8));
  t.values.forEach((v, i) => {
    if (t.dataType === FLOAT) raw.writeFloatLE(Number(v), i * 4);
    else raw.writeBigInt64LE(BigInt(v), i * 8);
  });
  return Buffer.concat([
    ...t.dims.map((d) => intField(1, d)),
    intField(2, t.dataType),
    stringField(8, t.name),
    bytesField(9, raw),
  ]);
}

function node(n: Node, index: number): Buffer {
  const attributes = Object.entries(n.ints ?? {}).map(([name, value]) =>
    // AttributeProto: name = 1, i = 3, type = 20 (INT = 2)
    bytesField(5, Buffer.concat([stringField(1, name), intField(3, value), intField(20, 2)])),
  );
  return Buffer.concat([
    ...n.inputs.map((i) => stringField(1, i)),
    ...n.outputs.map((o) => stringField(2, o)),
    stringField(3, `${n.op.toLowerCase()}_${index}`),
    stringField(4, n.op),
    ...attributes,
  ]);
}

/** Serialises a model to ONNX protobuf bytes (IR version 8). */
export function encodeModel(spec: ModelSpec): Buffer {
  const graph = Buffer.concat([
    ...spec.nodes.map((n, i) => bytesField(1, node(n, i))),
    stringField(2, spec.graphName),
    ...spec.initialisers.map((t) => bytesField(5, tensor(t))),
    ...spec.inputs.map((v) => bytesField(11, valueInfo(v))),
    ...spec.outputs.map((v) => bytesField(12, valueInfo(v))),
  ]);
  const opset = Buffer.concat([stringField(1, ''), intField(2, spec.opset)]);
  const metadata = Object.entries(spec.metadata ?? {}).map(([k, v]) =>
    bytesField(14, Buffer.concat([stringField(1, k), stringField(2, v)])),
  );
  return Buffer.concat([
    intField(1, 8),
    stringField(2, spec.producer ?? 'agaton'),
    bytesField(7, graph),
    bytesField(8, opset),
    ...metadata,
  ]);
}
