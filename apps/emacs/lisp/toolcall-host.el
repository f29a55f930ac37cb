;;; toolcall-host.el --- Tools, prompts and questionnaires Emacs hosts  -*- lexical-binding: t -*-

;; Copyright (C) 2026 The toolcall authors

;; Author: The toolcall authors
;; URL: https://github.com/toolcall/toolcall
;; SPDX-License-Identifier: MIT

;;; Commentary:

;; The bridge's requests that Emacs answers: calls of the tools Emacs
;; hosts (EmacsEval, EmacsDescribe, EmacsFind, EmacsBuffers), permission
;; questions in the echo area (y, a, n; C-g denies), and Ask
;; questionnaires through `completing-read'.

;;; Code:

(require 'seq)
(require 'subr-x)

(defvar toolcall-host-tools '("EmacsEval" "EmacsDescribe" "EmacsFind" "EmacsBuffers")
  "Names of the tools Emacs registers with the bridge.")

(defvar toolcall-host-custom-tools nil
  "Tools defined with `toolcall-define-tool': alist of (NAME . PLIST).")

;; A directory's local variables (a workspace's .dir-locals.el, which a tool can
;; write) never choose the tools Emacs hosts for the bridge.
(put 'toolcall-host-tools 'risky-local-variable t)
(put 'toolcall-host-custom-tools 'risky-local-variable t)

(defvar toolcall-host-find-limit 200
  "The most symbol names EmacsFind returns.")

(defvar toolcall-host-permission-function #'toolcall-host-read-permission
  "Function of a permission request plist that returns an answer string.
The answer is \"allow-once\", \"allow-always\" or \"deny\".")

(defconst toolcall-host--permission-keys
  '((?y . "allow-once") (?a . "allow-always") (?n . "deny") (?\C-g . "deny"))
  "The keys that answer a permission question, and their answers.")

(defun toolcall-host-read-permission (request)
  "Ask in the echo area whether to allow REQUEST, a permission plist.
y allows this call, a allows calls like it from now on, n or
\\[keyboard-quit] denies it."
  (let* ((question (format "Allow %s %s? (%s) "
                           (plist-get request :toolName)
                           (string-trim (json-encode (plist-get request :input)))
                           (or (plist-get request :reason) "asked")))
         (keys "[y] once, [a] always, [n] deny: ")
         (prompt (concat question keys))
         answer)
    (while (not answer)
      ;; C-g arrives as a key here: prompts run from a timer, where quitting is inhibited.
      (let* ((event (let ((cursor-in-echo-area t)) (read-event prompt)))
             (entry (assq event toolcall-host--permission-keys)))
        (cond
         (entry (setq answer (cdr entry)))
         ;; A frame switch or mouse movement is no answer, nor a wrong one.
         ((not (characterp event)))
         (t (ding)
            (setq prompt (concat question "Please answer " keys))))))
    ;; A C-g typed while quitting was inhibited also set `quit-flag': it is the answer, not a quit.
    (setq quit-flag nil)
    (message "%s%s" question answer)
    answer))

(defun toolcall-host-ask-permission (request)
  "Return the answer to REQUEST from `toolcall-host-permission-function'."
  (funcall toolcall-host-permission-function request))

(defun toolcall-host-ask-questions (questions)
  "Ask each of QUESTIONS through `completing-read'; return an Ask response."
  (list :status "submitted"
        :answers
        (vconcat
         (mapcar
          (lambda (question)
            (let* ((labels (mapcar (lambda (option) (plist-get option :label))
                                   (plist-get question :options)))
                   (prompt (concat (plist-get question :question) " "))
                   (chosen (if (plist-get question :multiSelect)
                               (completing-read-multiple prompt labels)
                             (list (completing-read prompt labels))))
                   (known (seq-filter (lambda (label) (member label labels)) chosen))
                   (custom (seq-remove (lambda (label) (member label labels)) chosen)))
              (if custom
                  (list :selected (vconcat known) :custom (string-join custom ", "))
                (list :selected (vconcat known)))))
          questions))))

(defun toolcall-host--eval (arguments)
  "Evaluate the form in ARGUMENTS and print its value."
  (format "%S" (eval (car (read-from-string (plist-get arguments :form))) t)))

(defun toolcall-host--describe (arguments)
  "Describe the symbol named in ARGUMENTS: documentation and defining file."
  (let* ((name (plist-get arguments :symbol))
         (symbol (or (intern-soft name) (error "No symbol named %s" name)))
         (parts '()))
    (when (fboundp symbol)
      (push (format "Function %s (%s)\n%s" name
                    (or (find-lisp-object-file-name symbol (symbol-function symbol))
                        "no file")
                    (or (documentation symbol t) "Not documented."))
            parts))
    (when (boundp symbol)
      (push (format "Variable %s (%s) = %S\n%s" name
                    (or (find-lisp-object-file-name symbol 'defvar) "no file")
                    (symbol-value symbol)
                    (or (documentation-property symbol 'variable-documentation t)
                        "Not documented."))
            parts))
    (if parts
        (string-join (nreverse parts) "\n\n")
      (error "%s is neither a function nor a variable" name))))

(defun toolcall-host--find (arguments)
  "List symbol names matching the pattern in ARGUMENTS."
  (let* ((predicate (pcase (plist-get arguments :kind)
                      ("function" #'fboundp)
                      ("variable" #'boundp)
                      (_ (lambda (symbol) (or (fboundp symbol) (boundp symbol))))))
         (names (sort (mapcar #'symbol-name
                              (apropos-internal (plist-get arguments :pattern) predicate))
                      #'string<)))
    (cond ((null names) "No matches found")
          ((> (length names) toolcall-host-find-limit)
           (concat (string-join (seq-take names toolcall-host-find-limit) "\n")
                   (format "\n... %d more" (- (length names) toolcall-host-find-limit))))
          (t (string-join names "\n")))))

(defun toolcall-host--buffers (arguments)
  "List buffers, or return the buffer named in ARGUMENTS with line numbers."
  (let ((name (plist-get arguments :buffer)))
    (if (not name)
        (mapconcat (lambda (buffer)
                     (format "%s\t%s\t%d" (buffer-name buffer)
                             (buffer-local-value 'major-mode buffer)
                             (buffer-size buffer)))
                   (seq-remove (lambda (buffer) (string-prefix-p " " (buffer-name buffer)))
                               (buffer-list))
                   "\n")
      (with-current-buffer (or (get-buffer name) (error "No buffer named %s" name))
        (let ((lines (split-string (buffer-substring-no-properties (point-min) (point-max))
                                   "\n")))
          (string-join (seq-map-indexed (lambda (line index) (format "%6d\t%s" (1+ index) line))
                                        lines)
                       "\n"))))))

(defun toolcall-define-tool (name description arguments function &rest options)
  "Define the Emacs-hosted tool NAME, callable as emacs/NAME from scripts.
DESCRIPTION says what it does.  ARGUMENTS lists (ARG TYPE DOC) or
\(ARG TYPE DOC optional) entries, TYPE being a JSON Schema type name as a
string.  FUNCTION receives the arguments as a plist with keyword keys and
returns the result, printed with `format' unless it is a string.

OPTIONS are keyword arguments:
  :read-only BOOL   non-nil lets the permission policy treat it as
                    read-only (default nil).
  :composable BOOL  nil keeps it out of composed scripts: it runs only
                    as a whole script of its own, such as
                    (emacs/NAME ...), never inside (list (emacs/NAME ...) 1)
                    (default t).
A single non-keyword OPTIONS value is READ-ONLY, as in earlier versions.
The bridge learns of new tools when it next starts (`toolcall-restart')."
  (when (and options (not (keywordp (car options))))
    (setq options (cons :read-only options)))
  (let ((properties '()) (required '()) (keys options))
    (while keys
      (unless (memq (car keys) '(:read-only :composable))
        (error "Unknown toolcall-define-tool option %S; expected :read-only or :composable"
               (car keys)))
      (unless (cdr keys)
        (error "The toolcall-define-tool option %S has no value; expected %S followed by t or nil"
               (car keys) (car keys)))
      (setq keys (cddr keys)))
    (dolist (argument arguments)
      (let ((arg-name (symbol-name (nth 0 argument))))
        (setq properties (append properties
                                 (list (intern (concat ":" arg-name))
                                       (list :type (nth 1 argument)
                                             :description (nth 2 argument)))))
        (unless (eq (nth 3 argument) 'optional) (push arg-name required))))
    (setf (alist-get name toolcall-host-custom-tools nil nil #'equal)
          (list :description description
                :function function
                :readOnly (if (plist-get options :read-only) t :false)
                :composable (if (plist-member options :composable)
                                (if (plist-get options :composable) t :false)
                              t)
                :inputSchema (list :type "object"
                                   :properties (or properties (make-hash-table))
                                   :required (vconcat (nreverse required)))))
    name))

(defun toolcall-host--flag (plist key)
  "Return KEY of PLIST as a JSON boolean in a one-entry plist, or nil when absent.
nil and :false are false, any other value true: `json-serialize' would
send a nil value as an empty object, which the bridge refuses."
  (when (plist-member plist key)
    (list key (if (memq (plist-get plist key) '(nil :false)) :false t))))

(defun toolcall-host-custom-definitions ()
  "Return the custom tools as the bridge's initialize parameter.
A flag an entry lacks (one stored by an earlier `toolcall-define-tool')
is left out, so the bridge applies its default."
  (vconcat (mapcar (lambda (entry)
                     (let ((plist (cdr entry)))
                       (append (list :name (car entry)
                                     :description (plist-get plist :description)
                                     :inputSchema (plist-get plist :inputSchema))
                               (toolcall-host--flag plist :readOnly)
                               (toolcall-host--flag plist :composable))))
                   toolcall-host-custom-tools)))

(defun toolcall-host--call-custom (name arguments)
  "Call the custom tool NAME (without its emacs/ prefix) with ARGUMENTS."
  (let* ((entry (or (alist-get name toolcall-host-custom-tools nil nil #'equal)
                    (error "Emacs hosts no tool named emacs/%s" name)))
         (value (funcall (plist-get entry :function) arguments)))
    (if (stringp value) value (format "%S" value))))

(defun toolcall-host-call (name arguments)
  "Run the hosted tool NAME with ARGUMENTS; return a result plist."
  (condition-case err
      (list :result
            (pcase name
              ("EmacsEval" (toolcall-host--eval arguments))
              ("EmacsDescribe" (toolcall-host--describe arguments))
              ("EmacsFind" (toolcall-host--find arguments))
              ("EmacsBuffers" (toolcall-host--buffers arguments))
              ((pred (string-prefix-p "emacs/"))
               (toolcall-host--call-custom (substring name (length "emacs/")) arguments))
              (_ (error "Emacs hosts no tool named %s" name)))
            :status "success")
    (error (list :result (concat "Error: " (error-message-string err)) :status "error"))))

(provide 'toolcall-host)
;;; toolcall-host.el ends here
