// Paystack's inline pop-up (@paystack/inline-js 2.x ships no types): the part we use, from its README
// ("PaystackPop.resumeTransaction(accessCode, callbacks)").
declare module "@paystack/inline-js" {
  interface PopupCallbacks {
    onSuccess?: (transaction: { id: number; reference: string; message: string }) => void;
    onCancel?: () => void;
    onError?: (error: { message: string }) => void;
    onLoad?: (response: { id: number; accessCode: string }) => void;
  }
  export default class PaystackPop {
    resumeTransaction(accessCode: string, callbacks?: PopupCallbacks): unknown;
  }
}
