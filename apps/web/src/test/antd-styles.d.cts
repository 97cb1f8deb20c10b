/** antd's rules that hide an element in a "hidden" state (a closed popup, a hidden form item), as CSS text. */
export declare function hiddenStateRules(): string;
