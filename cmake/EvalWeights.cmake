# The evaluation weights compiled into the engine (src/search/weights/gen3.weights, format in
# src/search/eval_weights.h). damiera_embed_eval_weights(VAR) sets VAR to the generated source,
# which is regenerated whenever the weights file changes.
set(DAMIERA_EVAL_WEIGHTS ${CMAKE_CURRENT_LIST_DIR}/../src/search/weights/gen3.weights)
get_filename_component(DAMIERA_EVAL_WEIGHTS ${DAMIERA_EVAL_WEIGHTS} ABSOLUTE)
set(DAMIERA_EMBED_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/embed_file.cmake)

function(damiera_embed_eval_weights out_var)
  set(generated ${CMAKE_BINARY_DIR}/generated/embedded_eval_weights.cpp)
  add_custom_command(
    OUTPUT ${generated}
    COMMAND ${CMAKE_COMMAND} -DINPUT=${DAMIERA_EVAL_WEIGHTS} -DOUTPUT=${generated}
            -DSYMBOL=kEmbeddedEvalWeights -P ${DAMIERA_EMBED_SCRIPT}
    DEPENDS ${DAMIERA_EVAL_WEIGHTS} ${DAMIERA_EMBED_SCRIPT}
    COMMENT "Embedding the evaluation weights")
  set(${out_var} ${generated} PARENT_SCOPE)
endfunction()
